import { formatAxis, formatValue, type ValueFormat } from '../../lib/format';

/** The chart options a card carries (spec document 1 §2.8), once checked. */
export interface ChartOptions {
  chart: { type: ChartType };
  xAxis?: { categories?: string[]; title?: string; partial?: number[] };
  yAxis?: { title?: string; format?: ValueFormat };
  series: { name: string; data: (number | null | [number, number])[]; format?: ValueFormat }[];
}
type ChartType = 'bar' | 'line' | 'pie' | 'scatter';
const TYPES: ChartType[] = ['bar', 'line', 'pie', 'scatter'];

/** Readable on light and dark backgrounds; explicit so a series and its partial tail share one colour. */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

/** "Nov 2026 (partial, to Nov 22)" on the axis is "Nov 2026 (partial)"; the tooltip keeps it whole. */
export const shortCategory = (label: string): string => label.replace(/ \(partial, [^)]*\)$/, ' (partial)');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isValue = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
const isPoint = (v: unknown) =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
function readFormat(v: unknown): ValueFormat | undefined {
  if (!isRecord(v) || !['number', 'percent', 'currency'].includes(v.style as string)) return undefined;
  return {
    style: v.style as ValueFormat['style'],
    currency: typeof v.currency === 'string' && /^[A-Z]{3}$/.test(v.currency) ? v.currency : undefined,
  };
}

export type ReadOptions = { kind: 'ok'; options: ChartOptions } | { kind: 'empty' } | { kind: 'unusable' };

/**
 * Checks options before drawing: a type the renderer knows (bar by default), series of numbers
 * (pairs of numbers for scatter), no more values than categories, a pie of non-negative values
 * with a name for each. Options it cannot draw are "unusable" (the card says "Unable to render
 * chart") instead of a blank or misleading chart.
 */
export function readChartOptions(raw: unknown): ReadOptions {
  if (!isRecord(raw)) return { kind: 'unusable' };
  const type = (isRecord(raw.chart) ? raw.chart.type : undefined) ?? 'bar';
  if (!TYPES.includes(type as ChartType)) return { kind: 'unusable' };
  if (raw.series === undefined) return { kind: 'empty' };
  if (!Array.isArray(raw.series) || !raw.series.every((s) => isRecord(s) && Array.isArray(s.data)))
    return { kind: 'unusable' };
  const series = raw.series as { name?: unknown; data: unknown[]; format?: unknown }[];
  if (series.length === 0 || series.every((s) => s.data.length === 0)) return { kind: 'empty' };
  const x = isRecord(raw.xAxis) ? raw.xAxis : {};
  const categories = x.categories;
  if (
    categories !== undefined &&
    (!Array.isArray(categories) || !categories.every((c) => typeof c === 'string'))
  )
    return { kind: 'unusable' };
  const cats = categories as string[] | undefined;
  if (type === 'scatter') {
    if (!series.every((s) => s.data.every(isPoint))) return { kind: 'unusable' };
  } else {
    if (!series.every((s) => s.data.every(isValue))) return { kind: 'unusable' };
    if (cats && series.some((s) => s.data.length > cats.length)) return { kind: 'unusable' };
  }
  if (type === 'pie') {
    const values = series[0]!.data as (number | null)[];
    if (!cats || values.some((v) => v !== null && v < 0) || !values.some((v) => v !== null && v > 0))
      return { kind: 'unusable' };
  }
  const y = isRecord(raw.yAxis) ? raw.yAxis : {};
  const partial = Array.isArray(x.partial)
    ? x.partial.filter((i): i is number => Number.isInteger(i) && (i as number) >= 0)
    : undefined;
  return {
    kind: 'ok',
    options: {
      chart: { type: type as ChartType },
      xAxis: {
        categories: cats,
        title: typeof x.title === 'string' ? x.title : undefined,
        partial: partial?.length ? partial : undefined,
      },
      yAxis: { title: typeof y.title === 'string' ? y.title : undefined, format: readFormat(y.format) },
      series: series.map((s, i) => ({
        name: typeof s.name === 'string' ? s.name : `Series ${i + 1}`,
        data: s.data as ChartOptions['series'][number]['data'],
        format: readFormat(s.format),
      })),
    },
  };
}

/** The ECharts option for checked options: formats on axis and tooltips, partial periods drawn lighter. */
export function toEChartsOption(o: ChartOptions, dark: boolean) {
  const type = o.chart.type;
  const text = dark ? '#d4d4d8' : '#3f3f46';
  const grid = dark ? '#3f3f46' : '#e4e4e7';
  const axisFormat = o.yAxis?.format ?? o.series[0]?.format;
  const valueFormatter = (format?: ValueFormat) => (v: unknown) =>
    typeof v === 'number' ? formatValue(v, format) : v === null || v === undefined ? '—' : String(v);
  const base = {
    color: PALETTE,
    backgroundColor: 'transparent',
    textStyle: { color: text },
    tooltip: { trigger: type === 'pie' || type === 'scatter' ? 'item' : 'axis' },
    legend: { show: o.series.length > 1, textStyle: { color: text }, top: 0 },
  };
  if (type === 'pie') {
    const s = o.series[0]!;
    return {
      ...base,
      legend: { show: true, bottom: 0, textStyle: { color: text } },
      series: [
        {
          type: 'pie',
          name: s.name,
          radius: ['36%', '62%'],
          center: ['50%', '45%'],
          tooltip: { valueFormatter: valueFormatter(s.format) },
          label: {
            color: text,
            overflow: 'none',
            formatter: (p: { percent?: number }) => `${Math.round(p.percent ?? 0)}%`,
          },
          labelLine: { length: 6, length2: 6 },
          data: (o.xAxis?.categories ?? []).map((name, i) => ({ name, value: s.data[i] ?? 0 })),
        },
      ],
    };
  }
  const valueAxis = {
    type: 'value',
    axisLabel: { color: text, formatter: (v: number) => formatAxis(v, axisFormat) },
    splitLine: { lineStyle: { color: grid } },
  };
  if (type === 'scatter') {
    return {
      ...base,
      xAxis: { type: 'value', axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      yAxis: valueAxis,
      series: o.series.map((s) => ({ type: 'scatter', name: s.name, data: s.data })),
    };
  }
  const partial = new Set(o.xAxis?.partial ?? []);
  const series = o.series.flatMap((s, i) => {
    const color = PALETTE[i % PALETTE.length];
    if (type === 'bar')
      return [
        {
          type: 'bar',
          name: s.name,
          color,
          data: s.data.map((v, j) => (partial.has(j) ? { value: v, itemStyle: { opacity: 0.4 } } : v)),
        },
      ];
    const line = {
      type: 'line',
      name: s.name,
      color,
      smooth: true,
      showSymbol: false,
      connectNulls: false,
    };
    if (!partial.size) return [{ ...line, data: s.data }];
    // A partial period is drawn as a dashed tail with a hollow point, apart from the solid line.
    const tail = s.data.map((v, j) =>
      partial.has(j) || partial.has(j - 1) || partial.has(j + 1) ? v : null,
    );
    return [
      { ...line, data: s.data.map((v, j) => (partial.has(j) ? null : v)) },
      {
        ...line,
        smooth: false,
        data: tail,
        lineStyle: { type: 'dashed', opacity: 0.7 },
        showSymbol: true,
        symbol: 'emptyCircle',
        symbolSize: (_v: unknown, p: { dataIndex: number }) => (partial.has(p.dataIndex) ? 7 : 0),
      },
    ];
  });
  const formats = new Map(o.series.map((s) => [s.name, s.format]));
  return {
    ...base,
    tooltip: { trigger: 'axis', formatter: (params: AxisParam[]) => axisTooltip(params, formats) },
    legend: { ...base.legend, data: o.series.map((s) => s.name) },
    grid: {
      left: 8,
      right: 16,
      top: o.series.length > 1 ? 32 : 16,
      bottom: 8,
      // Axis labels stay inside these margins (ECharts 6's form of the old `containLabel`).
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'category',
      data: o.xAxis?.categories ?? [],
      axisLabel: {
        color: text,
        hideOverlap: true,
        // A line's first and last labels sit on the plot's edges: keep them inside it.
        ...(type === 'line' ? { alignMinLabel: 'left', alignMaxLabel: 'right' } : {}),
        formatter: shortCategory,
      },
      axisLine: { lineStyle: { color: grid } },
    },
    yAxis: valueAxis,
    series,
  };
}

interface AxisParam {
  seriesName?: string;
  value?: unknown;
  marker?: string;
  axisValueLabel?: string;
}
const escapeHtml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const valueOf = (v: unknown): number | null =>
  typeof v === 'number' ? v : isRecord(v) && typeof v.value === 'number' ? v.value : null;

/**
 * The axis tooltip: one line per series in its format. A line with a partial tail is two ECharts
 * series of one name; it is listed once. Names and labels come from the data: escaped (this
 * formatter returns HTML).
 */
export function axisTooltip(params: AxisParam[], formats: Map<string, ValueFormat | undefined>): string {
  const list = Array.isArray(params) ? params : [params];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const p of list) {
    const name = p.seriesName ?? '';
    const v = valueOf(p.value);
    if (seen.has(name) || v === null) continue;
    seen.add(name);
    lines.push(
      `${p.marker ?? ''}${escapeHtml(name)}: <b>${escapeHtml(formatValue(v, formats.get(name)))}</b>`,
    );
  }
  return [escapeHtml(list[0]?.axisValueLabel ?? ''), ...lines].join('<br/>');
}
