import { lazy } from 'react';
import { bestSoFar } from '../chart/chart-math';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { plural } from '../../foundations/format/format';
import type { TrialProgressChartProps } from './trial-progress-chart-props';

const TrialProgressChartView = lazy(() => import('./trial-progress-chart-view'));

function describe({ trials, direction, metricLabel, formatValue = String }: TrialProgressChartProps): string {
  const line = bestSoFar(trials, direction);
  const last = line[line.length - 1];
  const infeasible = trials.filter((trial) => trial.outcome === 'infeasible').length;
  const failed = trials.filter((trial) => trial.outcome === 'failed').length;
  const best = last
    ? `Best ${metricLabel}: ${formatValue(last.best)} after ${plural(trials.length, 'trial', 'trials')}`
    : `No feasible trial yet after ${plural(trials.length, 'trial', 'trials')}`;
  return `${best}; ${infeasible} infeasible, ${failed} failed.`;
}

/**
 * "Best-so-far objective per trial": a step line of the best feasible value, a dot per feasible
 * trial, ○ for infeasible and × for failed (OOM, crash, timeout) trials. Recharts loads lazily.
 */
export function TrialProgressChart(props: TrialProgressChartProps) {
  const { colors } = useUiTheme();
  const { baseline, baselineLabel = 'Engine defaults', metricLabel } = props;
  return (
    <ChartFrame
      {...chartFigure(props, { title: 'Progress', height: 280 })}
      summary={describe(props)}
      legend={[
        { label: `Best ${metricLabel} so far`, shape: 'line', color: colors.accent },
        { label: 'Feasible trial', shape: 'circle', color: colors.chart1 },
        { label: 'Infeasible (broke a constraint)', shape: 'circle', color: colors.warning, hollow: true },
        { label: 'Failed (OOM, crash, timeout)', shape: 'cross', color: colors.danger },
        ...(baseline !== undefined
          ? [{ label: baselineLabel, shape: 'dashed' as const, color: colors.textSubtle }]
          : []),
      ]}
    >
      <TrialProgressChartView {...props} />
    </ChartFrame>
  );
}
