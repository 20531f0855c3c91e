import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bestSoFar, roundDomain, valueSpan } from '../chart/chart-math';
import { TooltipBox, TooltipValue } from '../chart/chart.styles';
import { compactChart, outcomeScatters, pointTooltip, TooltipRow, useChartAxes } from '../chart/chart-view-kit';
import type { TrialProgressChartProps } from './trial-progress-chart-props';

/** A point of any of the series: a trial, or a step of the best-so-far line. */
interface HoveredTrial {
  trial?: number;
  value?: number | null;
  best?: number;
  outcome?: string;
  reason?: string;
}

/** The recharts part of TrialProgressChart; loaded on demand so recharts stays out of the main bundle. */
export default function TrialProgressChartView({
  trials,
  direction,
  metricLabel,
  formatValue = String,
  baseline,
  baselineLabel = 'Engine defaults',
}: TrialProgressChartProps) {
  const { colors, text, xAxis, yAxis, labelAtEnd } = useChartAxes();
  const line = bestSoFar(trials, direction);
  const feasible = trials.filter((trial) => trial.outcome === 'ok' && trial.value !== null);
  const infeasible = trials.filter((trial) => trial.outcome === 'infeasible' && trial.value !== null);
  const measured = [...feasible, ...infeasible].map((trial) => trial.value as number);
  if (baseline !== undefined) measured.push(baseline);
  const { floor, ceiling, pad } = valueSpan(measured);
  // The extra room at the bottom holds the failed-trial crosses.
  const yDomain = roundDomain(floor - pad * 2, ceiling + pad, ceiling - floor + pad * 3);
  // Failed trials have no value: they sit on the floor of the plot as crosses.
  const failed = trials
    .filter((trial) => trial.outcome === 'failed' || trial.value === null)
    .map((trial) => ({ ...trial, plotted: yDomain[0] + pad * 0.6 }));
  const maxTrial = Math.max(1, ...trials.map((trial) => trial.trial));

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart {...compactChart}>
        <CartesianGrid stroke={colors.chartGrid} vertical={false} />
        <XAxis
          {...xAxis}
          dataKey="trial"
          domain={[0, maxTrial + 1]}
          allowDecimals={false}
          label={labelAtEnd('Trial')}
        />
        <YAxis {...yAxis} domain={yDomain} tickFormatter={(value: number) => formatValue(value)} />
        {baseline !== undefined ? (
          <ReferenceLine
            y={baseline}
            stroke={colors.textSubtle}
            strokeDasharray="4 4"
            label={{ ...text, value: baselineLabel, position: 'insideTopLeft' }}
          />
        ) : null}
        <Line
          data={line}
          dataKey="best"
          type="stepAfter"
          stroke={colors.accent}
          strokeWidth={2.5}
          dot={false}
          isAnimationActive={false}
          name={`Best ${metricLabel}`}
        />
        {outcomeScatters(colors, 0.45, {
          feasible: { data: feasible, dataKey: 'value', name: 'Feasible trial' },
          infeasible: { data: infeasible, dataKey: 'value', name: 'Infeasible trial' },
          failed: { data: failed, dataKey: 'plotted', name: 'Failed trial' },
        })}
        <Tooltip
          cursor={{ stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={pointTooltip<HoveredTrial>((entry) => (
            <TooltipBox>
              <span>Trial {entry.trial}</span>
              {entry.best !== undefined ? <TooltipRow label="Best so far" value={formatValue(entry.best)} /> : null}
              {entry.outcome === 'failed' ? <span>Failed{entry.reason ? `: ${entry.reason}` : ''}</span> : null}
              {entry.outcome !== 'failed' && entry.value !== undefined && entry.value !== null ? (
                <span>
                  {metricLabel}: <TooltipValue>{formatValue(entry.value)}</TooltipValue>
                  {entry.outcome === 'infeasible' ? ' (infeasible)' : ''}
                </span>
              ) : null}
            </TooltipBox>
          ))}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
