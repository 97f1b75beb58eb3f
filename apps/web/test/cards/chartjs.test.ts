import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { readChartOptions, toChartConfig } from '../../src/components/cards/chart-options';
import { Chart } from '../../src/components/cards/chartjs';

/**
 * A 2D context that draws nothing and keeps the text drawn (jsdom has no canvas): Chart.js lays
 * out and draws the whole chart on it, so a part missing from ../../src/components/cards/chartjs.ts
 * throws here, and the labels, legend and ticks it would have painted can be read.
 */
function recordingCanvas() {
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 350;
  const texts: string[] = [];
  const state: Record<string | symbol, unknown> = {
    canvas,
    fillText: (t: string) => texts.push(t),
    measureText: (t: string) => ({
      width: t.length * 7,
      actualBoundingBoxAscent: 9,
      actualBoundingBoxDescent: 3,
    }),
    getLineDash: () => [],
  };
  const ctx = new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => ((target[key] = value), true),
  });
  vi.spyOn(canvas, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  return { canvas, texts };
}

/** Draws the card's Chart.js config for `raw` and returns the chart, its config and the text drawn. */
function draw(raw: unknown, dark = false) {
  const read = readChartOptions(raw);
  if (read.kind !== 'ok') throw new Error(`options are ${read.kind}`);
  const config = toChartConfig(read.options, dark);
  const { canvas, texts } = recordingCanvas();
  const chart = new Chart(canvas, {
    ...config,
    options: { ...config.options, responsive: false, animation: false },
  } as ConstructorParameters<typeof Chart>[1]);
  const drawn = [...texts];
  chart.destroy();
  return { config, drawn };
}

const regions = ['North', 'South', 'East'];

describe('the Chart.js parts the chart card registers', () => {
  let errors: MockInstance;
  let warnings: MockInstance;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [
      'bar',
      {
        xAxis: { categories: regions, partial: [2] },
        series: [
          { name: 'Revenue', data: [3, 2, 1] },
          { name: 'Cost', data: [1, 1, 1] },
        ],
      },
      ['North', 'South', 'East', 'Revenue', 'Cost'],
    ],
    [
      'line',
      {
        chart: { type: 'line' },
        xAxis: { categories: ['Sep', 'Oct', 'Nov (partial, to Nov 22)'], partial: [2] },
        yAxis: { format: { style: 'currency', currency: 'USD' } },
        series: [{ name: 'Revenue', data: [4_000, 5_000, 2_000] }],
      },
      ['Sep', 'Oct', 'Nov (partial)', '$5.0K'],
    ],
    [
      'doughnut',
      {
        chart: { type: 'pie' },
        xAxis: { categories: regions },
        series: [{ name: 'Share', data: [3, 1, 2] }],
      },
      ['North', 'South', 'East', '50%', '17%', '33%'],
    ],
    [
      'scatter',
      {
        chart: { type: 'scatter' },
        series: [
          {
            name: 'Stores',
            data: [
              [1, 10],
              [2, 30],
              [3, 20],
            ],
          },
        ],
      },
      ['30'],
    ],
  ])('draws a %s chart with its axis labels, legend and slice labels', (type, raw, texts) => {
    for (const dark of [false, true]) {
      const { config, drawn } = draw(raw, dark);
      expect(config.type).toBe(type);
      for (const text of texts) expect(drawn).toContain(text);
    }
    expect([...errors.mock.calls, ...warnings.mock.calls]).toEqual([]);
  });

  it('shows no legend for a single bar or line series (a pie always has one)', () => {
    const one = draw({ xAxis: { categories: regions }, series: [{ name: 'Revenue', data: [3, 2, 1] }] });
    expect(one.drawn).not.toContain('Revenue');
  });

  it('leaves out a slice label that would overlap its neighbour, and labels no empty slice', () => {
    const { drawn } = draw({
      chart: { type: 'pie' },
      xAxis: { categories: ['Big', 'Tiny 1', 'Tiny 2', 'Tiny 3', 'None'] },
      series: [{ name: 'Share', data: [1000, 1, 1, 1, 0] }],
    });
    expect(drawn.filter((t) => t === '100%')).toHaveLength(1);
    expect(drawn.filter((t) => t === '0%').length).toBeLessThan(3);
    expect(drawn).toContain('None'); // still in the legend
  });

  it('throws for a chart type that is not registered', () => {
    const { canvas } = recordingCanvas();
    expect(
      () =>
        new Chart(canvas, {
          type: 'radar',
          data: { labels: ['a'], datasets: [{ data: [1] }] },
          options: { responsive: false },
        }),
    ).toThrow(/"radar" is not a registered controller/);
  });
});
