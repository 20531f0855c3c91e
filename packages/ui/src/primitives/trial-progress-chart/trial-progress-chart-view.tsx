import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bestSoFar } from '../chart/chart-math';
import { TooltipBox, TooltipValue } from '../chart/chart.styles';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import type { TrialProgressChartProps } from './trial-progress-chart';

interface TooltipEntry {
  payload?: { trial?: number; value?: number | null; best?: number; outcome?: string; reason?: string };
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
  const { colors } = useUiTheme();
  const line = bestSoFar(trials, direction);
  const feasible = trials.filter((trial) => trial.outcome === 'ok' && trial.value !== null);
  const infeasible = trials.filter((trial) => trial.outcome === 'infeasible' && trial.value !== null);
  const measured = [...feasible, ...infeasible].map((trial) => trial.value as number);
  if (baseline !== undefined) measured.push(baseline);
  const floor = measured.length > 0 ? Math.min(...measured) : 0;
  const ceiling = measured.length > 0 ? Math.max(...measured) : 1;
  const pad = (ceiling - floor) * 0.08 || Math.abs(ceiling) * 0.1 || 1;
  // Round the domain to a power of ten of the spread so that the axis ticks are round numbers;
  // the extra room at the bottom holds the failed-trial crosses.
  const step = 10 ** Math.floor(Math.log10(ceiling - floor + pad * 3));
  const yDomain: [number, number] = [
    Math.floor((floor - pad * 2) / step) * step,
    Math.ceil((ceiling + pad) / step) * step,
  ];
  // Failed trials have no value: they sit on the floor of the plot as crosses.
  const failed = trials
    .filter((trial) => trial.outcome === 'failed' || trial.value === null)
    .map((trial) => ({ ...trial, plotted: yDomain[0] + pad * 0.6 }));
  const tick = { fill: colors.textMuted, fontSize: 12, fontFamily: font.mono };
  const maxTrial = Math.max(1, ...trials.map((trial) => trial.trial));

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={colors.chartGrid} vertical={false} />
        <XAxis
          type="number"
          dataKey="trial"
          domain={[0, maxTrial + 1]}
          allowDecimals={false}
          tick={tick}
          stroke={colors.border}
          label={{ value: 'Trial', position: 'insideBottomRight', offset: -4, fill: colors.textMuted, fontSize: 12 }}
        />
        <YAxis
          type="number"
          domain={yDomain}
          tick={tick}
          stroke={colors.border}
          width={72}
          tickFormatter={(value: number) => formatValue(value)}
        />
        {baseline !== undefined ? (
          <ReferenceLine
            y={baseline}
            stroke={colors.textSubtle}
            strokeDasharray="4 4"
            label={{ value: baselineLabel, position: 'insideTopLeft', fill: colors.textMuted, fontSize: 12 }}
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
        <Scatter
          data={feasible}
          dataKey="value"
          fill={colors.chart1}
          fillOpacity={0.45}
          shape="circle"
          isAnimationActive={false}
          name="Feasible trial"
        />
        <Scatter
          data={infeasible}
          dataKey="value"
          shape={(props: { cx?: number; cy?: number }) => (
            <circle cx={props.cx} cy={props.cy} r={4.5} fill="none" stroke={colors.warning} strokeWidth={1.5} />
          )}
          isAnimationActive={false}
          name="Infeasible trial"
        />
        <Scatter
          data={failed}
          dataKey="plotted"
          shape={(props: { cx?: number; cy?: number }) => {
            const x = props.cx ?? 0;
            const y = props.cy ?? 0;
            return <path d={`M${x - 4} ${y - 4}l8 8M${x + 4} ${y - 4}l-8 8`} stroke={colors.danger} strokeWidth={2} />;
          }}
          isAnimationActive={false}
          name="Failed trial"
        />
        <Tooltip
          cursor={{ stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={({ active, payload }) => {
            const entry = (payload as readonly TooltipEntry[] | undefined)?.[0]?.payload;
            if (!active || !entry) return null;
            return (
              <TooltipBox>
                <span>Trial {entry.trial}</span>
                {entry.best !== undefined ? (
                  <span>
                    Best so far: <TooltipValue>{formatValue(entry.best)}</TooltipValue>
                  </span>
                ) : null}
                {entry.outcome === 'failed' ? <span>Failed{entry.reason ? `: ${entry.reason}` : ''}</span> : null}
                {entry.outcome !== 'failed' && entry.value !== undefined && entry.value !== null ? (
                  <span>
                    {metricLabel}: <TooltipValue>{formatValue(entry.value)}</TooltipValue>
                    {entry.outcome === 'infeasible' ? ' (infeasible)' : ''}
                  </span>
                ) : null}
              </TooltipBox>
            );
          }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
