import { CartesianGrid, ResponsiveContainer, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { roundDomain, valueSpan } from '../chart/chart-math';
import { TooltipBox, TooltipValue } from '../chart/chart.styles';
import { compactChart, outcomeScatters, pointTooltip, useChartAxes } from '../chart/chart-view-kit';
import { isNumericSlice } from './slice-points';
import type { SlicePoint } from './slice-points';
import type { TrialSliceChartProps } from './trial-slice-chart-props';

interface Plotted extends SlicePoint {
  /** The x position: the value itself, or the category's index. */
  px: number;
  /** The y position: the value, or the floor of the plot for a failed trial. */
  py: number;
}

/** A flag value as typed on a command line: 0.9, 512, never 0.8999999. */
const formatFlagValue = (value: number) => String(Number.isInteger(value) ? value : Math.round(value * 1000) / 1000);

/** The recharts part of TrialSliceChart; loaded on demand so recharts stays out of the main bundle. */
export default function TrialSliceChartView({
  points,
  flag,
  metricLabel,
  formatValue = String,
  categories,
}: TrialSliceChartProps) {
  const { colors, xAxis, yAxis, labelAtEnd } = useChartAxes();
  const numeric = isNumericSlice(points);
  const seen = [...new Set(points.map((point) => String(point.x)))];
  const columns = numeric
    ? []
    : [...(categories ?? []).filter((c) => seen.includes(c)), ...seen.filter((c) => !categories?.includes(c))];
  const { floor, ceiling, pad } = valueSpan(
    points.filter((point) => point.value !== null).map((point) => point.value as number),
  );
  // Failed trials have no value: they sit on the floor of the plot as crosses.
  const failedRow = floor - pad * 1.5;
  const plotted: Plotted[] = points.map((point) => ({
    ...point,
    px: numeric ? (point.x as number) : columns.indexOf(String(point.x)),
    py: point.value ?? failedRow,
  }));
  const xs = plotted.map((point) => point.px);
  const low = Math.min(...xs);
  const high = Math.max(...xs);
  const distinct = [...new Set(xs)].sort((a, b) => a - b);
  // Batch sizes and token budgets double from step to step: on a log axis their values spread evenly.
  const logScale = numeric && low > 0 && high / low >= 8;
  const xTicks = numeric ? (distinct.length <= 8 ? distinct : undefined) : columns.map((_, index) => index);
  const xDomain: [number, number] | ['auto', 'auto'] = !numeric
    ? [-0.5, Math.max(columns.length - 0.5, 0.5)]
    : logScale
      ? [low / 1.15, high * 1.15]
      : ['auto', 'auto'];
  const yDomain = roundDomain(failedRow - pad * 0.5, ceiling + pad, ceiling - failedRow + pad);

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart {...compactChart}>
        <CartesianGrid stroke={colors.chartGrid} vertical={false} />
        <XAxis
          {...xAxis}
          dataKey="px"
          domain={xDomain}
          scale={logScale ? 'log' : 'auto'}
          ticks={xTicks}
          tickFormatter={(value: number) => (numeric ? formatFlagValue(value) : (columns[value] ?? ''))}
          allowDecimals={numeric}
          label={labelAtEnd(flag)}
        />
        <YAxis
          {...yAxis}
          dataKey="py"
          domain={yDomain}
          tickFormatter={(value: number) => (value < floor ? '' : formatValue(value))}
        />
        {outcomeScatters(colors, 0.55, {
          feasible: { data: plotted.filter((point) => point.outcome === 'ok'), name: 'Feasible trial' },
          infeasible: { data: plotted.filter((point) => point.outcome === 'infeasible'), name: 'Infeasible' },
          failed: { data: plotted.filter((point) => point.outcome === 'failed'), name: 'Failed' },
        })}
        <Tooltip
          cursor={false}
          content={pointTooltip<Plotted>((point) => (
            <TooltipBox>
              Trial {point.trial} · {flag} = {String(point.x)}
              <TooltipValue>
                {point.value === null ? 'failed' : `${formatValue(point.value)} ${metricLabel}`}
              </TooltipValue>
            </TooltipBox>
          ))}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
