import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../app/theme';
import { CardFrame } from './card-frame';
import type { CardModel } from './types';

interface ChartOptions {
  chart?: { type?: string };
  xAxis?: { categories?: string[]; title?: string };
  yAxis?: { title?: string };
  series?: { name: string; data: (number | null | [number, number])[] }[];
}

type ECharts = typeof import('echarts');

/** Apache ECharts, loaded on first use as its own chunk. */
let echartsModule: Promise<ECharts> | null = null;
const loadECharts = () => (echartsModule ??= import('echarts'));

function toEChartsOption(o: ChartOptions, dark: boolean) {
  const type = o.chart?.type ?? 'bar';
  const text = dark ? '#d4d4d8' : '#3f3f46';
  const grid = dark ? '#3f3f46' : '#e4e4e7';
  const base = {
    backgroundColor: 'transparent',
    textStyle: { color: text },
    tooltip: { trigger: type === 'pie' || type === 'scatter' ? 'item' : 'axis' },
    legend: { show: (o.series?.length ?? 0) > 1, textStyle: { color: text }, top: 0 },
  };
  if (type === 'pie') {
    const s = o.series?.[0];
    return {
      ...base,
      legend: { show: true, bottom: 0, textStyle: { color: text } },
      series: [
        {
          type: 'pie',
          radius: ['36%', '62%'],
          center: ['50%', '45%'],
          label: {
            color: text,
            overflow: 'none',
            formatter: (p: { percent?: number }) => `${Math.round(p.percent ?? 0)}%`,
          },
          labelLine: { length: 6, length2: 6 },
          data: (o.xAxis?.categories ?? []).map((name, i) => ({ name, value: s?.data[i] ?? 0 })),
        },
      ],
    };
  }
  if (type === 'scatter') {
    return {
      ...base,
      xAxis: { type: 'value', axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      yAxis: { type: 'value', axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      series: (o.series ?? []).map((s) => ({ type: 'scatter', name: s.name, data: s.data })),
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: (o.series?.length ?? 0) > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: o.xAxis?.categories ?? [],
      axisLabel: { color: text, hideOverlap: true },
      axisLine: { lineStyle: { color: grid } },
    },
    yAxis: { type: 'value', axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
    series: (o.series ?? []).map((s) => ({
      type: type === 'line' ? 'line' : 'bar',
      name: s.name,
      data: s.data,
      smooth: type === 'line',
      showSymbol: false,
      connectNulls: false,
    })),
  };
}

export function ChartCard({ card, headingLevel }: { card: CardModel; headingLevel?: 2 | 3 }) {
  const options = card.data.options as ChartOptions | undefined;
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'error'>('loading');
  const { resolvedTheme } = useTheme();
  const empty = !options?.series?.length || options.series.every((s) => s.data.length === 0);

  useEffect(() => {
    if (empty || !ref.current) return;
    let disposed = false;
    let chart: ReturnType<ECharts['init']> | null = null;
    let observer: ResizeObserver | null = null;
    loadECharts()
      .then((echarts) => {
        if (disposed || !ref.current) return;
        try {
          chart = echarts.init(ref.current, resolvedTheme === 'dark' ? 'dark' : undefined, {
            renderer: 'canvas',
          });
          chart.setOption(toEChartsOption(options!, resolvedTheme === 'dark'));
          observer = new ResizeObserver(() => chart?.resize());
          observer.observe(ref.current);
          setState('ready');
        } catch {
          setState('error');
        }
      })
      .catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [options, empty, resolvedTheme]);

  const interpretation = typeof card.data.interpretation === 'string' ? card.data.interpretation : undefined;
  return (
    <CardFrame
      title={card.data.title}
      description={card.data.description}
      evidence={card.data.evidence}
      headingLevel={headingLevel}
    >
      {empty ? (
        <p className="text-sm text-muted-foreground">No chart data available</p>
      ) : (
        <div className="relative">
          <div ref={ref} className="h-[350px] w-full" role="img" aria-label={card.data.title ?? 'Chart'} />
          {state !== 'ready' ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
              {state === 'loading'
                ? 'Loading chart...'
                : state === 'failed'
                  ? 'Failed to load chart library'
                  : 'Error rendering chart'}
            </p>
          ) : null}
        </div>
      )}
      {interpretation ? <p className="mt-2 text-sm text-muted-foreground">{interpretation}</p> : null}
    </CardFrame>
  );
}
