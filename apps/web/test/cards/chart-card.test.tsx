import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../../src/app/theme';
import '../setup';
import { ChartCard } from '../../src/components/cards/chart-card';
import {
  axisTooltip,
  readChartOptions,
  shortCategory,
  toEChartsOption,
} from '../../src/components/cards/chart-options';

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

  it('says "No chart data available" for empty series', () => {
    chart({ chart: { type: 'line' }, series: [{ name: 'Revenue', data: [] }] });
    expect(screen.getByText('No chart data available')).toBeTruthy();
  });
});

describe('chart options for ECharts', () => {
  const read = (raw: unknown) => {
    const r = readChartOptions(raw);
    if (r.kind !== 'ok') throw new Error(r.kind);
    return r.options;
  };

  it('formats the value axis and the tooltip in the measure’s format', () => {
    const o = toEChartsOption(
      read({
        xAxis: { categories: regions },
        yAxis: { format: { style: 'currency', currency: 'USD' } },
        series: [
          { name: 'Revenue', data: [2_200_000, 5, 1], format: { style: 'currency', currency: 'USD' } },
        ],
      }),
      false,
    ) as { yAxis: { axisLabel: { formatter: (v: number) => string } } };
    expect(o.yAxis.axisLabel.formatter(2_200_000)).toBe('$2.2M');
    const pct = toEChartsOption(
      read({ yAxis: { format: { style: 'percent' } }, series: [{ name: 'Margin', data: [0.394] }] }),
      false,
    ) as { yAxis: { axisLabel: { formatter: (v: number) => string } } };
    expect(pct.yAxis.axisLabel.formatter(0.394)).toBe('39.4%');
  });

  it('draws a partial period lighter (bar) or as a dashed tail (line)', () => {
    const bar = toEChartsOption(
      read({
        xAxis: { categories: ['Oct', 'Nov (partial)'], partial: [1] },
        series: [{ name: 'R', data: [5, 2] }],
      }),
      false,
    ) as { series: { data: unknown[] }[] };
    expect(bar.series[0]!.data).toEqual([5, { value: 2, itemStyle: { opacity: 0.4 } }]);
    const line = toEChartsOption(
      read({
        chart: { type: 'line' },
        xAxis: { categories: ['Sep', 'Oct', 'Nov (partial)'], partial: [2] },
        series: [{ name: 'R', data: [4, 5, 2] }],
      }),
      false,
    ) as { series: { name: string; data: unknown[]; lineStyle?: { type: string } }[] };
    expect(shortCategory('Nov 2026 (partial, to Nov 22)')).toBe('Nov 2026 (partial)');
    expect(shortCategory('Nov 2026')).toBe('Nov 2026');
    expect(line.series.map((s) => [s.name, s.data, s.lineStyle?.type])).toEqual([
      ['R', [4, 5, null], undefined],
      ['R', [null, 5, 2], 'dashed'],
    ]);
  });

  it('lists each series once in the tooltip, formatted, with names from the data escaped', () => {
    const html = axisTooltip(
      [
        { seriesName: '<img src=x onerror=alert(1)>', value: 0.5, marker: '•', axisValueLabel: 'Nov <b>' },
        { seriesName: 'R', value: null, marker: '•' },
        { seriesName: 'R', value: 2_202_447, marker: '•' },
        { seriesName: 'R', value: 2_202_447, marker: '•' },
      ],
      new Map([
        ['R', { style: 'currency' as const, currency: 'USD' }],
        ['<img src=x onerror=alert(1)>', { style: 'percent' as const }],
      ]),
    );
    expect(html).toBe(
      'Nov &lt;b&gt;<br/>•&lt;img src=x onerror=alert(1)&gt;: <b>50%</b><br/>•R: <b>$2,202,447</b>',
    );
  });
});
