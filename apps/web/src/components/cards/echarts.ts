// The parts of Apache ECharts the chart card draws with, registered once. `toEChartsOption`
// (chart-options.ts) is the only producer of options: a series type or option key it starts to
// use must be registered here, or ECharts skips it (test/cards/echarts.test.ts checks each type).
// The full `echarts` package is 1.1 MB minified; these parts keep the chunk under its budget
// (../../../bundle-budget.ts).
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GridComponent,
  // The legend is never `type: 'scroll'`: the plain one is all it needs.
  LegendPlainComponent,
  TooltipComponent,
  // A pie hides labels that still overlap after it spreads them (its default labelLayout).
  LabelLayout,
  CanvasRenderer,
]);

export { echarts };
