import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BASE_URL, DESKTOP, launchBrowser, SCREENSHOTS, signIn } from '../support/browser';

// Clip & Share captures what the user selected (issue 14): the PNG is the selected area of the
// conversation as it is on screen — scrolled where it is, without the overlay's grey tint — at
// the screen's pixel density. Each clip is compared pixel by pixel with Chromium's own screenshot
// of the same area, taken just before.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Comparison {
  width: number;
  height: number;
  /** Share of pixels where some channel differs by more than 48 of 255. */
  mismatch: number;
  /** Mean brightness (0–255) of the clip and of the screenshot. */
  clipBrightness: number;
  shotBrightness: number;
  /** Spread of the clip's brightness: a uniform grey picture has none. */
  clipSpread: number;
}

/** Decodes both PNGs in the page (no image library needed) and compares them. */
function compare(page: Page, clip: string, shot: Buffer): Promise<Comparison> {
  return page.evaluate(
    async ({ clip, shot }) => {
      const pixels = async (src: string) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return {
          w: img.naturalWidth,
          h: img.naturalHeight,
          d: ctx.getImageData(0, 0, img.width, img.height).data,
        };
      };
      const a = await pixels(clip);
      const b = await pixels(`data:image/png;base64,${shot}`);
      let differing = 0;
      let sumA = 0;
      let sumB = 0;
      let sumSqA = 0;
      const n = Math.min(a.d.length, b.d.length) / 4;
      for (let i = 0; i < n; i += 1) {
        const o = i * 4;
        const la = (a.d[o]! + a.d[o + 1]! + a.d[o + 2]!) / 3;
        const lb = (b.d[o]! + b.d[o + 1]! + b.d[o + 2]!) / 3;
        sumA += la;
        sumB += lb;
        sumSqA += la * la;
        if ([0, 1, 2].some((c) => Math.abs(a.d[o + c]! - b.d[o + c]!) > 48)) differing += 1;
      }
      const mean = sumA / n;
      return {
        width: a.w,
        height: a.h,
        mismatch: a.w === b.w && a.h === b.h ? differing / n : 1,
        clipBrightness: mean,
        shotBrightness: sumB / n,
        clipSpread: Math.sqrt(Math.max(0, sumSqA / n - mean * mean)),
      };
    },
    { clip, shot: shot.toString('base64') },
  );
}

for (const scale of [1, 2]) {
  test(`a clip of the scrolled conversation is exactly the selected area, untinted (device pixel ratio ${scale})`, async () => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: DESKTOP,
      deviceScaleFactor: scale,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/conversation/new');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('revenue by region last quarter');
    await input.press('Enter');
    await page.getByRole('img', { name: /Total Revenue by Region/ }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.disabled === false,
    );
    await input.fill('total profit by channel');
    await input.press('Enter');
    await page.getByRole('columnheader', { name: 'Channel' }).waitFor({ timeout: 30_000 });

    // Scroll the message list so the second answer's chart is in the selected area, with more
    // below: the list, not the window, is scrolled — what the old capture drew from the top.
    const scrollTop = await page.getByTestId('message-list').evaluate((list) => {
      const chart = [...list.querySelectorAll('[role="img"]')].at(-1)!;
      list.scrollTop += chart.getBoundingClientRect().top - 230;
      return list.scrollTop;
    });
    expect(scrollTop).toBeGreaterThan(500);
    expect(
      await page.getByTestId('message-list').evaluate((l) => l.scrollHeight - l.clientHeight - l.scrollTop),
    ).toBeGreaterThan(50);
    await page.mouse.move(5, DESKTOP.height - 5);
    await page.waitForTimeout(1200);
    const area = { x: 420, y: 200, width: 520, height: 320 };
    const shot = await page.screenshot({ clip: area });

    await page.getByRole('button', { name: 'Clip & Share' }).click();
    await page.getByText('Click and drag to select an area • Press ESC to cancel').waitFor();
    await page.mouse.move(area.x, area.y);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width, area.y + area.height, { steps: 6 });
    await page.getByText(`${area.width} × ${area.height}`).waitFor();
    await page.mouse.up();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Share Clipped Content').waitFor({ timeout: 20_000 });
    const png = (await dialog.getByRole('img', { name: 'Clipped area' }).getAttribute('src'))!;
    expect(png).toMatch(/^data:image\/png;base64,/);
    // The list is back where the user left it.
    expect(await page.getByTestId('message-list').evaluate((l) => l.scrollTop)).toBe(scrollTop);

    const result = await compare(page, png, shot);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(
      path.join(SCREENSHOTS, `clip-share-dpr${scale}.png`),
      Buffer.from(png.split(',')[1]!, 'base64'),
    );
    console.log(`[clip dpr ${scale}]`, JSON.stringify(result));
    expect({ width: result.width, height: result.height }).toEqual({
      width: area.width * scale,
      height: area.height * scale,
    });
    // Not a grey wash: the chart, its bars and labels are there…
    expect(result.clipSpread).toBeGreaterThan(20);
    // …as bright as on screen (the overlay's 30% black would take a third off)…
    expect(Math.abs(result.clipBrightness - result.shotBrightness)).toBeLessThan(6);
    // …and in the same places, pixel for pixel (anti-aliasing aside).
    expect(result.mismatch).toBeLessThan(0.03);
    await context.close();
  }, 120_000);
}
