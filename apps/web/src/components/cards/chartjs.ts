// The parts of Chart.js the chart card draws with, registered once. `toChartConfig`
// (chart-options.ts) is the only producer of configs: a chart type, scale or plugin it starts to
// use must be registered here, or Chart.js throws that it is "not a registered" one
// (test/cards/chartjs.test.ts draws each type through these parts). Bar, line, pie (doughnut) and
// scatter with their scales, tooltip, legend and slice labels are 185 kB minified (ECharts drew the
// same charts in 575 kB); the chunk's budget is in ../../../bundle-budget.ts.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartType,
  type Plugin,
} from 'chart.js';

declare module 'chart.js' {
  // Merges with Chart.js's own declaration, whose type parameter it must repeat.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    /** Each slice's share as a percentage beside it (pies only); off unless `display`. */
    sliceLabels?: { display?: boolean; color?: string };
  }
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * A pie's share labels ("32%") just outside each visible slice, as ECharts drew them. A label that
 * would overlap one already drawn (thin neighbouring slices) is left out, as ECharts' label
 * layout hid it; the tooltip and legend still name every slice.
 */
const sliceLabels: Plugin<'doughnut', { display?: boolean; color?: string }> = {
  id: 'sliceLabels',
  defaults: { display: false },
  afterDatasetsDraw(chart, _args, options) {
    if (!options.display) return;
    const values = (chart.data.datasets[0]?.data ?? []) as number[];
    const visible = (i: number) => chart.getDataVisibility(i) && values[i]! > 0;
    const total = values.reduce((sum, v, i) => (visible(i) ? sum + v : sum), 0);
    if (!total) return;
    const { ctx } = chart;
    const { size, family } = Chart.defaults.font;
    const height = (size ?? 12) + 2;
    const drawn: Box[] = [];
    ctx.save();
    ctx.font = `${size ?? 12}px ${family}`;
    ctx.fillStyle = options.color ?? Chart.defaults.color.toString();
    ctx.textBaseline = 'middle';
    chart.getDatasetMeta(0).data.forEach((arc, i) => {
      if (!visible(i)) return;
      const { x, y, startAngle, endAngle, outerRadius } = arc.getProps(
        ['x', 'y', 'startAngle', 'endAngle', 'outerRadius'],
        false,
      ) as unknown as { x: number; y: number; startAngle: number; endAngle: number; outerRadius: number };
      const mid = (startAngle + endAngle) / 2;
      const right = Math.cos(mid) >= 0;
      const lx = x + Math.cos(mid) * (outerRadius + 6);
      const ly = y + Math.sin(mid) * (outerRadius + 6 + height / 2);
      const label = `${Math.round((values[i]! / total) * 100)}%`;
      const width = ctx.measureText(label).width;
      const box = {
        left: right ? lx : lx - width,
        right: right ? lx + width : lx,
        top: ly - height / 2,
        bottom: ly + height / 2,
      };
      if (drawn.some((b) => overlaps(b, box))) return;
      drawn.push(box);
      ctx.textAlign = right ? 'left' : 'right';
      ctx.fillText(label, lx, ly);
    });
    ctx.restore();
  },
};

Chart.register(
  BarController,
  LineController,
  DoughnutController,
  ScatterController,
  BarElement,
  LineElement,
  PointElement,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  sliceLabels,
);

export { Chart };
