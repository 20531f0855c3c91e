import type { Benchmark, MetricKey, PredictedMetric } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../../primitives/badge';
import { formatPercentChange } from '../../foundations/format/format';
import { ScrollingTable } from '../benchmark-common/scrolling-table';
import { formatMetric, metricLabel, readBenchmarkMetric } from '../benchmark-common/benchmark-data';
import {
  DEMO_IS_PREDICTION,
  measuredOrPredicted,
  predictionError,
  type FiguresPrediction,
} from '../benchmark-common/prediction-data';
import { Note, ReportSection, SectionTitle } from './best-setup-report.styles';

interface SourceRow {
  name: string;
  benchmark: Benchmark;
  value: number | null;
  /** The model's figure for the objective (corrected when a running error corrects it); null when none. */
  predicted: number | null;
}

/** The model's figure for a metric: the corrected one where the running error gives it. */
function predictedFigure(prediction: FiguresPrediction | null, metric: MetricKey): number | null {
  if (!prediction || !(metric in prediction.predicted)) return null;
  const key = metric as PredictedMetric;
  return prediction.corrected?.[key] ?? prediction.predicted[key];
}

const column = createColumnHelper<SourceRow>();

function columnsFor(objective: MetricKey) {
  return [
    column.accessor('name', { header: 'Row', enableSorting: false }),
    column.display({
      id: 'source',
      header: 'Figures',
      cell: (info) =>
        info.row.original.benchmark.demo ? (
          <Badge tone="warning">Predicted</Badge>
        ) : (
          <Badge tone="success">Measured</Badge>
        ),
    }),
    column.accessor('value', {
      header: metricLabel(objective),
      cell: (info) => formatMetric(objective, info.getValue()),
      enableSorting: false,
      meta: { numeric: true },
    }),
    column.accessor('predicted', {
      header: 'Model predicts',
      cell: (info) => formatMetric(objective, info.getValue()),
      enableSorting: false,
      meta: { numeric: true },
    }),
    column.display({
      id: 'error',
      header: 'Measured vs predicted',
      cell: (info) => formatPercentChange(predictionError(info.row.original.value, info.row.original.predicted)),
      meta: { numeric: true },
    }),
  ];
}

/**
 * Which of the report's rows were measured on hardware and which predicted (demo rows are modelled),
 * with the model's prediction beside each measured figure where it gives one.
 */
export function MeasuredOrPredicted({
  objective,
  best,
  baseline,
}: {
  objective: MetricKey;
  best: Benchmark;
  baseline: Benchmark | null;
}) {
  const rowOf = (name: string, benchmark: Benchmark): SourceRow => {
    const prediction = !benchmark.demo && benchmark.prediction?.kind === 'predicted' ? benchmark.prediction : null;
    return {
      name,
      benchmark,
      value: readBenchmarkMetric(benchmark, objective),
      predicted: predictedFigure(prediction, objective),
    };
  };
  const rows = [rowOf('This setup', best), ...(baseline ? [rowOf('Engine defaults run', baseline)] : [])];
  const sources = new Set(rows.map((r) => measuredOrPredicted(r.benchmark)));
  return (
    <ReportSection>
      <SectionTitle>Measured or predicted</SectionTitle>
      <ScrollingTable
        regionLabel="Measured or predicted"
        data={rows}
        columns={columnsFor(objective)}
        caption="Whether each row was measured or predicted, and what the model predicts for it"
        getRowId={(row) => row.name}
      />
      {sources.has('Predicted') ? <Note>{DEMO_IS_PREDICTION}</Note> : null}
      {rows.some((r) => !r.benchmark.demo && r.predicted === null) ? (
        <Note>
          The model gives no prediction of {metricLabel(objective)} for a measured row where it does not know the model
          or GPU, or does not predict this metric (it predicts output tok/s and the p50 and p99 of TTFT and TPOT).
        </Note>
      ) : null}
    </ReportSection>
  );
}
