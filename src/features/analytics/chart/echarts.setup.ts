/**
 * The ECharts build the analytics screens use (issue 13 "an ECharts chart"; principle 8): only the
 * chart types and components we draw, registered once, in a chunk of its own that loads with the
 * first chart (never on the first route). Canvas renderer: `getDataURL()` gives the PDF export its image.
 */
import * as echarts from 'echarts/core';
import { LineChart, SankeyChart, BarChart } from 'echarts/charts';
import { AriaComponent, DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, SankeyChart, BarChart, AriaComponent, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption as EChartsOption, EChartsType } from 'echarts/core';
