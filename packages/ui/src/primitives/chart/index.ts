export { bestSoFar, paretoFrontier } from './chart-math';
export type { BestSoFarPoint, Direction, TrialOutcome, TrialPoint, XY } from './chart-math';
export { ChartFrame } from './chart-frame';
export type { ChartFigureOptions, ChartFrameProps, LegendEntry, ObjectiveChartOptions } from './chart-frame';
export { LegendSwatch } from './legend-swatch';
export type { SwatchShape } from './legend-swatch';
