import { exportFile, toCsv } from '../../foundations/format/csv';
import type { CsvValue, ExportFile, ExportFormat } from '../../foundations/format/csv';
import { trialStatus } from '../tuning-common/tuning-format';
import type { TuningResult } from '@mako/contract';

type Measured = NonNullable<TuningResult['metrics']>;

/** The measured figures each trial row carries, as `metric` or `metric.stat` columns. */
const METRIC_COLUMNS: ReadonlyArray<[string, (m: Measured) => number | null | undefined]> = [
  ['output_throughput', (m) => m.output_throughput],
  ['total_token_throughput', (m) => m.total_token_throughput],
  ['request_throughput', (m) => m.request_throughput],
  ['goodput', (m) => m.goodput?.request_throughput],
  ...(['ttft_ms', 'tpot_ms', 'itl_ms', 'e2el_ms'] as const).flatMap((name) =>
    (['mean', 'p50', 'p90', 'p99'] as const).map((stat): [string, (m: Measured) => number] => [
      `${name}.${stat}`,
      (m) => m[name][stat],
    ]),
  ),
];

/**
 * A session's trials as CSV, one row each, in the shape of Optuna's trials table: the outcome, the
 * objective, the measured metrics, and one `param.<flag>` column per engine flag any trial set
 * (empty where a trial left it at the engine's default).
 */
export function trialsToCsv(trials: readonly TuningResult[]): string {
  const flags = [...new Set(trials.flatMap((trial) => Object.keys(trial.config)))];
  const header = [
    'trial',
    'status',
    'objective_value',
    'failure_kind',
    'failure_message',
    'created_at',
    ...METRIC_COLUMNS.map(([name]) => name),
    ...flags.map((flag) => `param.${flag}`),
  ];
  const rows = [...trials]
    .sort((a, b) => a.trial_number - b.trial_number)
    .map((trial): CsvValue[] => [
      trial.trial_number,
      trialStatus(trial),
      trial.objective_value,
      trial.failure?.kind,
      trial.failure?.message,
      trial.created_at,
      ...METRIC_COLUMNS.map(([, read]) => (trial.metrics ? read(trial.metrics) : null)),
      ...flags.map((flag) => trial.config[flag]),
    ]);
  return toCsv(header, rows);
}

/** The export of a session's trials; JSON holds the API's result objects. */
export function trialsExport(trials: readonly TuningResult[], format: ExportFormat, stem: string): ExportFile {
  return exportFile(format, stem, trials, trialsToCsv);
}
