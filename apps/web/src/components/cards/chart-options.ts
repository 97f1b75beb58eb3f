import type {
  ChartConfiguration,
  ScriptableContext,
  ScriptableLineSegmentContext,
  TooltipItem,
} from 'chart.js';
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

/** What `toChartConfig` gives Chart.js: one of the four kinds the card draws. */
export type ChartConfig =
  | ChartConfiguration<'bar'>
  | ChartConfiguration<'line'>
  | ChartConfiguration<'doughnut'>
  | ChartConfiguration<'scatter'>;

/** `#rrggbb` at the given opacity, as `#rrggbbaa`. */
const withAlpha = (hex: string, alpha: number) =>
  hex +
  Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * The Chart.js config for checked options: formats on the value axis and in tooltips, partial
 * periods drawn lighter (bar) or as a dashed tail to a hollow point (line), colours for the theme.
 */
export function toChartConfig(o: ChartOptions, dark: boolean): ChartConfig {
  const type = o.chart.type;
  const text = dark ? '#d4d4d8' : '#3f3f46';
  const grid = dark ? '#3f3f46' : '#e4e4e7';
  // The card's surface (index.css --surface), so a hollow point is hollow on either theme.
  const surface = dark ? '#1b1c22' : '#ffffff';
  const axisFormat = o.yAxis?.format ?? o.series[0]?.format;
  const categories = o.xAxis?.categories ?? [];
  const color = (i: number) => PALETTE[i % PALETTE.length]!;
  const tooltip = {
    backgroundColor: dark ? '#27272a' : '#ffffff',
    titleColor: text,
    bodyColor: text,
    borderColor: grid,
    borderWidth: 1,
    padding: 10,
    boxPadding: 4,
  };
  const legend = {
    display: o.series.length > 1,
    position: 'top' as const,
    labels: { color: text, boxWidth: 24, boxHeight: 12 },
  };
  const base = { responsive: true, maintainAspectRatio: false, color: text };
  const valueScale = {
    type: 'linear' as const,
    beginAtZero: true,
    ticks: { color: text, callback: (v: number | string) => formatAxis(Number(v), axisFormat) },
    grid: { color: grid },
    border: { display: false },
  };

  if (type === 'pie') {
    const s = o.series[0]!;
    return {
      type: 'doughnut',
      data: {
        labels: categories,
        datasets: [
          {
            label: s.name,
            data: categories.map((_, i) => (s.data[i] as number | null) ?? 0),
            backgroundColor: categories.map((_, i) => color(i)),
            borderColor: surface,
            borderWidth: 1,
          },
        ],
      },
      options: {
        ...base,
        cutout: '58%',
        radius: '85%',
        layout: { padding: 8 },
        plugins: {
          legend: { ...legend, display: true, position: 'bottom' },
          tooltip: {
            ...tooltip,
            callbacks: {
              title: () => s.name,
              label: (item: TooltipItem<'doughnut'>) =>
                `${item.label}: ${formatValue(item.parsed, s.format)}`,
            },
          },
          sliceLabels: { display: true, color: text },
        },
      },
    };
  }

  if (type === 'scatter') {
    return {
      type: 'scatter',
      data: {
        datasets: o.series.map((s, i) => ({
          label: s.name,
          data: (s.data as [number, number][]).map(([x, y]) => ({ x, y })),
          backgroundColor: color(i),
          borderColor: color(i),
          pointRadius: 4,
          pointHoverRadius: 6,
        })),
      },
      options: {
        ...base,
        scales: {
          x: {
            type: 'linear',
            beginAtZero: true,
            ticks: { color: text },
            grid: { color: grid },
            border: { color: grid },
          },
          y: valueScale,
        },
        plugins: {
          legend,
          tooltip: {
            ...tooltip,
            callbacks: {
              label: (item: TooltipItem<'scatter'>) =>
                `${item.dataset.label ?? ''}: ${item.parsed.x}, ${formatValue(item.parsed.y ?? 0, o.series[item.datasetIndex]?.format ?? axisFormat)}`,
            },
          },
        },
      },
    };
  }

  const partial = new Set(o.xAxis?.partial ?? []);
  const length = o.series.reduce((n, s) => Math.max(n, s.data.length), categories.length);
  const labels = Array.from({ length }, (_, j) => categories[j] ?? '');
  const xScale = {
    type: 'category' as const,
    ticks: {
      color: text,
      // Labels that do not fit are left out (never rotated), with room between those shown.
      maxRotation: 0,
      autoSkipPadding: 8,
      callback: (value: number | string) => shortCategory(labels[Number(value)] ?? ''),
    },
    grid: { display: false },
    border: { color: grid },
  };
  // One line per series in its format, under the whole category label (the axis shortens it).
  interface AxisItem {
    dataset: { label?: string };
    datasetIndex: number;
    parsed: { y: number | null };
  }
  const axisTooltip = {
    ...tooltip,
    filter: (item: AxisItem) => typeof item.parsed.y === 'number',
    callbacks: {
      label: (item: AxisItem) =>
        `${item.dataset.label ?? ''}: ${formatValue(item.parsed.y ?? 0, o.series[item.datasetIndex]?.format)}`,
    },
  };
  const options = {
    ...base,
    interaction: { mode: 'index' as const, intersect: false },
    scales: { x: xScale, y: valueScale },
    plugins: { legend, tooltip: axisTooltip },
  };
  const data = (s: ChartOptions['series'][number]) => s.data as (number | null)[];

  if (type === 'bar')
    return {
      type: 'bar',
      data: {
        labels,
        datasets: o.series.map((s, i) => ({
          label: s.name,
          data: data(s),
          backgroundColor: (ctx: ScriptableContext<'bar'>) =>
            ctx.type === 'data' && partial.has(ctx.dataIndex) ? withAlpha(color(i), 0.4) : color(i),
        })),
      },
      options,
    };

  // A partial period: the segment into it dashed and fainter, its point hollow.
  const partialPoint = (ctx: ScriptableContext<'line'>) => ctx.type === 'data' && partial.has(ctx.dataIndex);
  const partialSegment = (ctx: ScriptableLineSegmentContext) =>
    partial.has(ctx.p0DataIndex) || partial.has(ctx.p1DataIndex);
  return {
    type: 'line',
    data: {
      labels,
      datasets: o.series.map((s, i) => ({
        label: s.name,
        data: data(s),
        borderColor: color(i),
        backgroundColor: color(i),
        borderWidth: 2,
        // Smooth, but never past a value the data has (no bump above a peak).
        tension: 0.35,
        cubicInterpolationMode: 'monotone',
        spanGaps: false,
        pointRadius: (ctx: ScriptableContext<'line'>) => (partialPoint(ctx) ? 3.5 : 0),
        pointHoverRadius: 4,
        pointBackgroundColor: (ctx: ScriptableContext<'line'>) => (partialPoint(ctx) ? surface : color(i)),
        segment: {
          borderDash: (ctx: ScriptableLineSegmentContext) => (partialSegment(ctx) ? [5, 4] : undefined),
          borderColor: (ctx: ScriptableLineSegmentContext) =>
            partialSegment(ctx) ? withAlpha(color(i), 0.7) : undefined,
        },
      })),
    },
    options,
  };
}
