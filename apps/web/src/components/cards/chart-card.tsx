import { useEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '../../app/theme';
import { CardFrame } from './card-frame';
import { readChartOptions, toEChartsOption } from './chart-options';
import type { CardModel } from './types';

type ECharts = typeof import('./echarts').echarts;

/** Apache ECharts (the parts in ./echarts), loaded on first use as its own chunk. */
let echartsModule: Promise<ECharts> | null = null;
const loadECharts = () => (echartsModule ??= import('./echarts').then((m) => m.echarts));

export function ChartCard({ card, headingLevel }: { card: CardModel; headingLevel?: 2 | 3 }) {
  const read = useMemo(() => readChartOptions(card.data.options), [card.data.options]);
  const options = read.kind === 'ok' ? read.options : null;
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'error'>('loading');
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    if (!options || !ref.current) return;
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
          chart.setOption(toEChartsOption(options, resolvedTheme === 'dark'));
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
  }, [options, resolvedTheme]);

  const interpretation = typeof card.data.interpretation === 'string' ? card.data.interpretation : undefined;
  return (
    <CardFrame
      title={card.data.title}
      description={card.data.description}
      evidence={card.data.evidence}
      headingLevel={headingLevel}
    >
      {read.kind === 'empty' ? (
        <p className="text-sm text-muted-foreground">No chart data available</p>
      ) : read.kind === 'unusable' ? (
        <p className="text-sm text-muted-foreground" role="status">
          Unable to render chart
        </p>
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
