import { SVGRenderer } from 'echarts/renderers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { readChartOptions, toEChartsOption } from '../../src/components/cards/chart-options';
import { echarts } from '../../src/components/cards/echarts';

// The app draws on canvas, which jsdom lacks; server-side SVG goes through the same option model,
// so a chart part missing from ../../src/components/cards/echarts.ts shows here.
echarts.use([SVGRenderer]);

interface Model {
  getComponent(key: string): unknown;
  getSeriesByType(type: string): unknown[];
}

/** Draws the card's ECharts option for `raw` and returns the SVG, with the model it was built from. */
function draw(raw: unknown, dark = false) {
  const read = readChartOptions(raw);
  if (read.kind !== 'ok') throw new Error(`options are ${read.kind}`);
  const option = toEChartsOption(read.options, dark) as Record<string, unknown>;
  const chart = echarts.init(null, dark ? 'dark' : undefined, {
    renderer: 'svg',
    ssr: true,
    width: 600,
    height: 350,
  });
  chart.setOption(option);
  const model = (chart as unknown as { getModel(): Model }).getModel();
  const svg = chart.renderToSVGString();
  chart.dispose();
  return { option, model, svg };
}

const STYLE_KEYS = new Set(['series', 'color', 'backgroundColor', 'textStyle']);
const regions = ['North', 'South', 'East'];

describe('the ECharts parts the chart card registers', () => {
  let errors: MockInstance;
  let warnings: MockInstance;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const echartsComplaints = () =>
    [...errors.mock.calls, ...warnings.mock.calls]
      .map((args) => args.map(String).join(' '))
      .filter((text) => text.includes('ECharts'));

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
      'pie',
      {
        chart: { type: 'pie' },
        xAxis: { categories: regions },
        series: [{ name: 'Share', data: [3, 1, 2] }],
      },
      ['North', 'South', 'East', '50%'],
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
  ])('draws a %s chart with every part its option uses', (type, raw, texts) => {
    for (const dark of [false, true]) {
      const { option, model, svg } = draw(raw, dark);
      expect(model.getSeriesByType(type).length).toBeGreaterThan(0);
      const parts = Object.keys(option).filter((key) => !STYLE_KEYS.has(key));
      expect(parts.filter((key) => !model.getComponent(key))).toEqual([]);
      for (const text of texts) expect(svg).toContain(`>${text}<`);
    }
    expect(echartsComplaints()).toEqual([]);
  });

  it('notices a part that is not registered', () => {
    const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 300, height: 200 });
    chart.setOption({ title: { text: 'Untitled' }, series: [] });
    const model = (chart as unknown as { getModel(): Model }).getModel();
    chart.dispose();
    expect(model.getComponent('title')).toBeFalsy();
    expect(echartsComplaints().join('\n')).toContain('title');
  });
});
