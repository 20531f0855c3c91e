import type { Benchmark, PredictedMetric, RunningError } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { formatPercentChange, plural } from '../../foundations/format/format';
import { ScrollingTable } from '../benchmark-common/scrolling-table';
import { formatMetric, metricLabel, readBenchmarkMetric } from '../benchmark-common/benchmark-data';
import {
  DEMO_IS_PREDICTION,
  predictedMetrics,
  predictionError,
  runningErrorFraction,
  type FiguresPrediction,
} from '../benchmark-common/prediction-data';
import { MetricName, Note, Section, SectionTitle } from './single-benchmark-detail.styles';

interface PredictionRow {
  metric: PredictedMetric;
  measured: number | null;
  predicted: number;
  corrected: number | null;
  runningError: RunningError | undefined;
}

const column = createColumnHelper<PredictionRow>();
const value = (id: 'measured' | 'predicted', header: string) =>
  column.accessor(id, {
    header,
    cell: (info) => formatMetric(info.row.original.metric, info.getValue()),
    enableSorting: false,
    meta: { numeric: true },
  });

function runningErrorText(error: RunningError | undefined): string {
  if (!error || error.count === 0) return 'No other benchmarks yet';
  return `${formatPercentChange(runningErrorFraction(error))} over ${plural(error.count, 'benchmark', 'benchmarks')}`;
}

const COLUMNS = [
  column.accessor('metric', {
    header: 'Metric',
    cell: (info) => <MetricName>{metricLabel(info.getValue())}</MetricName>,
    enableSorting: false,
  }),
  value('measured', 'Measured'),
  value('predicted', 'Predicted'),
  column.display({
    id: 'error',
    header: 'Error',
    cell: (info) => formatPercentChange(predictionError(info.row.original.measured, info.row.original.predicted)),
    meta: { numeric: true },
  }),
  column.accessor('corrected', {
    header: 'Corrected prediction',
    cell: (info) => formatMetric(info.row.original.metric, info.getValue()),
    enableSorting: false,
    meta: { numeric: true },
  }),
  column.display({
    id: 'corrected-error',
    header: 'Error after correction',
    cell: (info) => formatPercentChange(predictionError(info.row.original.measured, info.row.original.corrected)),
    meta: { numeric: true },
  }),
  column.display({
    id: 'running',
    header: 'Running error on this setting',
    cell: (info) => runningErrorText(info.row.original.runningError),
    meta: { numeric: true },
  }),
];

function PredictionTable({ benchmark, prediction }: { benchmark: Benchmark; prediction: FiguresPrediction }) {
  const rows: PredictionRow[] = predictedMetrics(prediction).map((metric) => ({
    metric,
    measured: readBenchmarkMetric(benchmark, metric),
    predicted: prediction.predicted[metric],
    corrected: prediction.corrected?.[metric] ?? null,
    runningError: prediction.running_error.find((e) => e.metric === metric),
  }));
  const { setting } = benchmark;
  const samples = Math.max(0, ...prediction.running_error.map((e) => e.count));
  // Without a correction its two columns would only repeat the prediction.
  const columns = prediction.corrected ? COLUMNS : [...COLUMNS.slice(0, 4), COLUMNS[6]!];
  return (
    <>
      <Note>
        What the performance model predicts for this setting and these flags ({prediction.weight_dtype.toUpperCase()}{' '}
        weights), beside what was measured. An error of +10 % means the measurement is 10 % above the prediction.
      </Note>
      <ScrollingTable
        regionLabel="Predicted vs measured"
        data={rows}
        columns={columns}
        caption="Measured and predicted figures of this benchmark"
        getRowId={(row) => row.metric}
      />
      <Note>
        {prediction.corrected
          ? `Corrected by the running error of ${setting.ml_model_name} on ${setting.hardware_config.name} with ${setting.software.runtime}, from ${plural(samples, 'other measured benchmark', 'other measured benchmarks')} you can see; with few benchmarks the correction stays small.`
          : `No other measured benchmark of ${setting.ml_model_name} on ${setting.hardware_config.name} with ${setting.software.runtime} corrects the prediction yet: each one measured adds to the running error that corrects later predictions and the tuner's starting point.`}
      </Note>
    </>
  );
}

/**
 * "Predicted vs measured": perf-model's figures for the benchmark beside the measured ones, with the
 * running error of its model × GPU × engine (only in a single benchmark's answer: lists leave it out).
 */
export function BenchmarkPrediction({ benchmark }: { benchmark: Benchmark }) {
  const { prediction } = benchmark;
  if (!benchmark.demo && !prediction) return null;
  return (
    <Section>
      <SectionTitle>Predicted vs measured</SectionTitle>
      {benchmark.demo ? (
        <Note>{DEMO_IS_PREDICTION}</Note>
      ) : prediction?.kind === 'predicted' ? (
        <PredictionTable benchmark={benchmark} prediction={prediction} />
      ) : (
        <Note>No prediction for this benchmark. {prediction?.reason}</Note>
      )}
    </Section>
  );
}
