import type { ReactNode } from 'react';
import { CartesianGrid, ComposedChart, ResponsiveContainer, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { TooltipBox } from './chart.styles';
import { pointTooltip, titledAxesChart, useChartAxes } from './chart-view-kit';
import type { TitledAxis } from './chart-view-kit';

/*
 * Like chart-view-kit, for the lazily loaded recharts views only (not through index.ts), so that
 * recharts stays out of the first page.
 */

export interface TitledPointPlotProps<T> {
  x: TitledAxis;
  y: TitledAxis;
  /** Every mark is a Scatter (a ScatterChart); otherwise a ComposedChart, which also draws Lines. */
  scattersOnly?: boolean;
  /** The lines of the tooltip about the point under the pointer. */
  tooltip: (point: T) => ReactNode;
  /** The marks: Lines and Scatters, drawn over the grid in this order. */
  children: ReactNode;
}

/** A plot of x/y points from zero with titled axes, a grid and a point tooltip; the view gives the marks. */
export function TitledPointPlot<T>({ x, y, scattersOnly = false, tooltip, children }: TitledPointPlotProps<T>) {
  const { colors, titledPointAxes } = useChartAxes();
  const axes = titledPointAxes(x, y);
  const Chart = scattersOnly ? ScatterChart : ComposedChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart {...titledAxesChart}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis {...axes.x} />
        <YAxis {...axes.y} />
        {children}
        <Tooltip
          cursor={{ strokeDasharray: '3 3', stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={pointTooltip<T>((point) => (
            <TooltipBox>{tooltip(point)}</TooltipBox>
          ))}
        />
      </Chart>
    </ResponsiveContainer>
  );
}
