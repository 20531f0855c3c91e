import { lazy } from 'react';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { plural } from '../../foundations/format/format';
import type { TrialSliceChartProps } from './trial-slice-chart-props';

const TrialSliceChartView = lazy(() => import('./trial-slice-chart-view'));

function describe({ points, flag, metricLabel, formatValue = String }: TrialSliceChartProps): string {
  const measured = points.filter((point) => point.outcome === 'ok' && point.value !== null);
  const failed = points.filter((point) => point.outcome === 'failed').length;
  if (measured.length === 0) return `No feasible trial to plot against ${flag} yet; ${failed} failed.`;
  const best = measured.reduce((a, b) => ((b.value as number) > (a.value as number) ? b : a));
  const worst = measured.reduce((a, b) => ((b.value as number) < (a.value as number) ? b : a));
  return (
    `${plural(measured.length, 'feasible trial', 'feasible trials')} against ${flag}: the highest ${metricLabel}, ${formatValue(best.value as number)}, ` +
    `at ${flag} = ${String(best.x)}; the lowest, ${formatValue(worst.value as number)}, at ${String(worst.x)}; ${failed} failed.`
  );
}

/**
 * A slice plot (as optuna-dashboard draws one): each trial's objective against one flag's value,
 * so a flag's effect and its failing range read at a glance. Recharts loads lazily.
 */
export function TrialSliceChart(props: TrialSliceChartProps) {
  const { colors } = useUiTheme();
  return (
    <ChartFrame
      {...chartFigure(props, { title: `Objective against ${props.flag}`, height: 240 })}
      summary={describe(props)}
      legend={[
        { label: 'Feasible trial', shape: 'circle', color: colors.chart1 },
        { label: 'Infeasible', shape: 'circle', color: colors.warning, hollow: true },
        { label: 'Failed', shape: 'cross', color: colors.danger },
      ]}
    >
      <TrialSliceChartView {...props} />
    </ChartFrame>
  );
}
