/** An area of the viewport, in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Elements marked with this attribute (the clip overlay and its hints) are left out of the picture. */
const CLIP_IGNORE_ATTRIBUTE = 'data-clip-ignore';

/**
 * html-to-image draws a copy of the DOM, and a copy has no scroll position: every scrolled box
 * (the message list, a wide table) would be drawn scrolled to the top — the wrong area. For the
 * time of the capture each scrolled box is set back to 0 and its children are shifted by the same
 * amount with a transform, which looks exactly the same on screen and survives the copy. Returns
 * the undo, which restores transforms first and scroll positions after (the other order would let
 * the browser clamp the scroll position against the shifted content).
 */
function pinScrollPositions(root: HTMLElement): () => void {
  const transforms: (() => void)[] = [];
  const scrolls: (() => void)[] = [];
  for (const box of root.querySelectorAll<HTMLElement>('*')) {
    const { scrollTop: top, scrollLeft: left } = box;
    if (!top && !left) continue;
    for (const child of box.children) {
      if (!(child instanceof HTMLElement || child instanceof SVGElement)) continue;
      const computed = getComputedStyle(child);
      if (computed.position === 'fixed') continue;
      const inline = child.style.transform;
      child.style.transform = `translate(${-left}px, ${-top}px)${computed.transform === 'none' ? '' : ` ${computed.transform}`}`;
      transforms.push(() => {
        child.style.transform = inline;
      });
    }
    box.scrollTop = 0;
    box.scrollLeft = 0;
    scrolls.push(() => {
      box.scrollTop = top;
      box.scrollLeft = left;
    });
  }
  return () => {
    transforms.forEach((undo) => undo());
    scrolls.forEach((undo) => undo());
  };
}

/**
 * The selected area of what is on screen as a PNG data URL, at the screen's pixel density:
 * the page is drawn with html-to-image (loaded on demand) as it is scrolled, without the elements
 * marked `data-clip-ignore`, then cut to `rect`.
 */
export async function captureArea(rect: Rect): Promise<string> {
  const { toCanvas } = await import('html-to-image');
  const ratio = window.devicePixelRatio || 1;
  const undo = pinScrollPositions(document.body);
  let page: HTMLCanvasElement;
  try {
    page = await toCanvas(document.body, {
      pixelRatio: ratio,
      width: window.innerWidth,
      height: window.innerHeight,
      // The window's own scroll: the body is drawn from its top, so shift it like the screen.
      style: { transform: `translate(${-window.scrollX}px, ${-window.scrollY}px)` },
      filter: (node) => !(node instanceof Element && node.hasAttribute(CLIP_IGNORE_ATTRIBUTE)),
    });
  } finally {
    undo();
  }
  const out = document.createElement('canvas');
  out.width = Math.round(rect.w * ratio);
  out.height = Math.round(rect.h * ratio);
  out
    .getContext('2d')!
    .drawImage(page, rect.x * ratio, rect.y * ratio, out.width, out.height, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}
