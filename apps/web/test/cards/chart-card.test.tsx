import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../src/app/theme';
import '../setup';
import { ChartCard } from '../../src/components/cards/chart-card';
import type {
  ChartConfiguration,
  ScriptableContext,
  ScriptableLineSegmentContext,
  TooltipItem,
} from 'chart.js';
import { readChartOptions, shortCategory, toChartConfig } from '../../src/components/cards/chart-options';

const chart = (options: unknown) =>
  render(
    <ThemeProvider>
      <ChartCard card={{ type: 'chart', data: { title: 'Revenue by Region', options } }} />
    </ThemeProvider>,
  );
const regions = ['North', 'South', 'East'];

describe('chart card', () => {
  it.each([
    ['an unknown chart type', { chart: { type: 'radar' }, series: [{ name: 'a', data: [1, 2] }] }],
    ['values that are not numbers', { chart: { type: 'bar' }, series: [{ name: 'a', data: ['1', 2] }] }],
    ['more values than categories', { xAxis: { categories: ['a'] }, series: [{ name: 'a', data: [1, 2] }] }],
    [
      'categories that are not text',
      { xAxis: { categories: [{}, {}] }, series: [{ name: 'a', data: [1, 2] }] },
    ],
    [
      'scatter points that are not pairs',
      { chart: { type: 'scatter' }, series: [{ name: 'a', data: [1, 2] }] },
    ],
    [
      'a pie with a negative slice',
      { chart: { type: 'pie' }, xAxis: { categories: regions }, series: [{ name: 's', data: [3, -1, 2] }] },
    ],
    ['a pie without names', { chart: { type: 'pie' }, series: [{ name: 's', data: [3, 1, 2] }] }],
    ['series that are not a list', { series: { name: 'a', data: [1] } }],
    ['options that are not an object', 'bar'],
  ])('says "Unable to render chart" for %s', (_why, options) => {
    chart(options);
    expect(screen.getByText('Unable to render chart')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws what it can: a bar chart by default, and says when there is no data', () => {
    chart({ xAxis: { categories: regions }, series: [{ name: 'Revenue', data: [3, null, 1] }] });
    expect(screen.queryByText('Unable to render chart')).toBeNull();
    expect(screen.getByRole('img', { name: 'Revenue by Region' })).toBeTruthy();
    expect(readChartOptions({ series: [{ name: 'a', data: [1] }] })).toMatchObject({
      kind: 'ok',
      options: { chart: { type: 'bar' } },
    });
  });

  it('loads Chart.js and draws on the canvas, or says it could not', async () => {
    // jsdom has no 2D context: a stand-in that draws nothing lets the card get as far as a browser.
    const ctx = new Proxy({} as Record<string | symbol, unknown>, {
      get: (t, key) =>
        key in t
          ? t[key]
          : key === 'measureText'
            ? () => ({ width: 10 })
            : key === 'canvas'
              ? undefined
              : () => {},
      set: (t, key, value) => ((t[key] = value), true),
    });
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      ctx.canvas = this;
      return ctx as unknown as CanvasRenderingContext2D;
    });
    const view = chart({ xAxis: { categories: regions }, series: [{ name: 'Revenue', data: [3, 2, 1] }] });
    await waitFor(() => expect(screen.queryByText('Loading chart...')).toBeNull());
    expect(screen.queryByText('Error rendering chart')).toBeNull();
    expect(screen.getByRole('img', { name: 'Revenue by Region' }).querySelector('canvas')).toBeTruthy();
    view.unmount();

    getContext.mockReturnValue(null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    chart({ chart: { type: 'line' }, series: [{ name: 'Revenue', data: [3, 2, 1] }] });
    expect(await screen.findByText('Error rendering chart')).toBeTruthy();
  });

  it('says "No chart data available" for empty series', () => {
    chart({ chart: { type: 'line' }, series: [{ name: 'Revenue', data: [] }] });
    expect(screen.getByText('No chart data available')).toBeTruthy();
  });
});

describe('chart options for Chart.js', () => {
  const read = (raw: unknown) => {
    const r = readChartOptions(raw);
    if (r.kind !== 'ok') throw new Error(r.kind);
    return r.options;
  };
  type Tick = (v: number) => string;
  const scales = (config: ReturnType<typeof toChartConfig>) =>
    config.options?.scales as { x: { ticks: { callback: Tick } }; y: { ticks: { callback: Tick } } };

  it('formats the value axis and the tooltip in the measure’s format', () => {
    const o = toChartConfig(
      read({
        xAxis: { categories: regions },
        yAxis: { format: { style: 'currency', currency: 'USD' } },
        series: [
          { name: 'Revenue', data: [2_200_000, 5, 1], format: { style: 'currency', currency: 'USD' } },
        ],
      }),
      false,
    );
    expect(scales(o).y.ticks.callback(2_200_000)).toBe('$2.2M');
    const label = (o as ChartConfiguration<'bar'>).options!.plugins!.tooltip!.callbacks!.label! as (
      item: Partial<TooltipItem<'bar'>>,
    ) => string;
    expect(
      label({ dataset: { label: 'Revenue', data: [] }, datasetIndex: 0, parsed: { x: 0, y: 2_202_447 } }),
    ).toBe('Revenue: $2,202,447');
    const pct = toChartConfig(
      read({ yAxis: { format: { style: 'percent' } }, series: [{ name: 'Margin', data: [0.394] }] }),
      false,
    );
    expect(scales(pct).y.ticks.callback(0.394)).toBe('39.4%');
  });

  it('draws a partial period lighter (bar) or as a dashed tail to a hollow point (line)', () => {
    const bar = toChartConfig(
      read({
        xAxis: { categories: ['Oct', 'Nov (partial)'], partial: [1] },
        series: [{ name: 'R', data: [5, 2] }],
      }),
      false,
    ) as ChartConfiguration<'bar'>;
    const fill = bar.data.datasets[0]!.backgroundColor as (ctx: Partial<ScriptableContext<'bar'>>) => string;
    expect([0, 1].map((dataIndex) => fill({ type: 'data', dataIndex }))).toEqual(['#5470c6', '#5470c666']);
    expect(fill({ type: 'dataset' })).toBe('#5470c6'); // the legend's swatch
    const line = toChartConfig(
      read({
        chart: { type: 'line' },
        xAxis: { categories: ['Sep', 'Oct', 'Nov (partial, to Nov 22)'], partial: [2] },
        series: [{ name: 'R', data: [4, 5, 2] }],
      }),
      true,
    ) as ChartConfiguration<'line'>;
    expect(shortCategory('Nov 2026 (partial, to Nov 22)')).toBe('Nov 2026 (partial)');
    expect(shortCategory('Nov 2026')).toBe('Nov 2026');
    expect(line.data.labels).toEqual(['Sep', 'Oct', 'Nov (partial, to Nov 22)']);
    expect([0, 1, 2].map((i) => scales(line).x.ticks.callback(i))).toEqual(['Sep', 'Oct', 'Nov (partial)']);
    const s = line.data.datasets[0]!;
    expect(s.data).toEqual([4, 5, 2]);
    const dash = (s.segment as { borderDash: unknown }).borderDash as (
      ctx: Partial<ScriptableLineSegmentContext>,
    ) => number[] | undefined;
    expect(dash({ p0DataIndex: 0, p1DataIndex: 1 })).toBeUndefined();
    expect(dash({ p0DataIndex: 1, p1DataIndex: 2 })).toEqual([5, 4]);
    const radius = s.pointRadius as (ctx: Partial<ScriptableContext<'line'>>) => number;
    const point = s.pointBackgroundColor as (ctx: Partial<ScriptableContext<'line'>>) => string;
    expect([0, 2].map((dataIndex) => radius({ type: 'data', dataIndex }))).toEqual([0, 3.5]);
    expect(point({ type: 'data', dataIndex: 2 })).toBe('#1b1c22'); // hollow on the dark surface
  });
});
