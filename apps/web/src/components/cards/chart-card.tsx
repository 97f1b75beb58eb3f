import { useEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '../../app/theme';
import { CardFrame } from './card-frame';
import { readChartOptions, toChartConfig } from './chart-options';
import type { CardModel } from './types';

type ChartJs = typeof import('./chartjs').Chart;

/** Chart.js (the parts in ./chartjs), loaded on first use as its own chunk. */
let chartModule: Promise<ChartJs> | null = null;
const loadChartJs = () => (chartModule ??= import('./chartjs').then((m) => m.Chart));

export function ChartCard({ card, headingLevel }: { card: CardModel; headingLevel?: 2 | 3 }) {
  const read = useMemo(() => readChartOptions(card.data.options), [card.data.options]);
  const options = read.kind === 'ok' ? read.options : null;
  const ref = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'error'>('loading');
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    if (!options || !ref.current) return;
    let disposed = false;
    let chart: InstanceType<ChartJs> | null = null;
    loadChartJs()
      .then((Chart) => {
        if (disposed || !ref.current) return;
        try {
          const config = toChartConfig(options, resolvedTheme === 'dark');
          // Motion only for those who have not asked for less.
          if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches)
            config.options = { ...config.options, animation: false };
          // Chart.js resizes with its container (the div around the canvas) by itself.
          chart = new Chart(ref.current, config as ConstructorParameters<ChartJs>[1]);
          // Chart.js only logs a canvas it cannot draw on (no 2D context): that is an error here.
          if (!chart.canvas) throw new Error('no 2D context');
          setState('ready');
        } catch {
          setState('error');
        }
      })
      .catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      chart?.destroy();
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
          <div className="relative h-[350px] w-full" role="img" aria-label={card.data.title ?? 'Chart'}>
            <canvas ref={ref} />
          </div>
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
