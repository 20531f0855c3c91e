import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { PlanErrorBand } from '@mako/contract';
import { formatMs, formatNumber, formatTokensPerSecond, plural } from '../../foundations/format/format';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { CopyField } from '../../primitives/copy-field';
import { EmptyState } from '../../primitives/empty-state';
import { formatCostPerMillion, formatRequestsPerSecond } from '../benchmark-common/benchmark-data';
import { ScrollingTable } from '../benchmark-common/scrolling-table';
import { bandSource, benchmarkCommands, candidateName, formatBand, runtimeName } from './planner-format';
import type { PlanCandidateData, PlanData } from './planner-format';
import { Band, Figure, Reason, Results, RowActions } from './planner-screen.styles';

function WithBand({ value, band }: { value: string; band: PlanErrorBand }) {
  return (
    <Figure>
      {value}
      <Band title={bandSource(band)}>{formatBand(band)}</Band>
    </Figure>
  );
}

/** A candidate's key: one GPU type, count and engine. */
export const rowId = (c: PlanCandidateData) => `${c.gpu_count}x-${c.gpu}-${c.runtime}`;

const column = createColumnHelper<PlanCandidateData>();

function candidateColumns(
  plan: PlanData,
  onTune: (c: PlanCandidateData) => void,
  onBenchmark: (c: PlanCandidateData) => void,
) {
  const pct = plan.slo.percentile;
  const numeric = { numeric: true } as const;
  return [
    column.display({ id: 'rank', header: '#', cell: (info) => info.row.index + 1, meta: numeric }),
    column.accessor((c) => candidateName(c), { id: 'candidate', header: 'Hardware · engine' }),
    column.display({
      id: 'actions',
      header: 'Next step',
      cell: (info) => (
        <RowActions>
          <Button
            size="sm"
            aria-label={`Tune this: ${candidateName(info.row.original)}`}
            onClick={() => onTune(info.row.original)}
          >
            Tune this
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Benchmark this: ${candidateName(info.row.original)}`}
            onClick={() => onBenchmark(info.row.original)}
          >
            Benchmark this
          </Button>
        </RowActions>
      ),
    }),
    column.accessor('max_concurrency', {
      header: 'Capacity (in flight)',
      cell: (info) => formatNumber(info.getValue()),
      meta: numeric,
    }),
    column.accessor('request_rate', {
      header: 'Requests/s',
      cell: (info) => formatRequestsPerSecond(info.getValue()),
      meta: numeric,
    }),
    column.accessor('output_throughput_per_gpu', {
      header: 'Tok/s per GPU',
      cell: (info) => (
        <WithBand
          value={formatTokensPerSecond(info.getValue(), { unit: false })}
          band={info.row.original.error_band.output_tok_s}
        />
      ),
      meta: numeric,
    }),
    column.accessor('output_throughput_per_user', {
      header: 'Tok/s per user',
      cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
      meta: numeric,
    }),
    column.accessor('ttft_ms', {
      header: `${pct} TTFT`,
      cell: (info) => <WithBand value={formatMs(info.getValue())} band={info.row.original.error_band.ttft} />,
      meta: numeric,
    }),
    column.accessor('tpot_ms', {
      header: `${pct} TPOT`,
      cell: (info) => <WithBand value={formatMs(info.getValue())} band={info.row.original.error_band.tpot} />,
      meta: numeric,
    }),
    column.accessor('cost_per_million_tokens', {
      header: '$ per 1M tokens',
      // Cost is the price over the throughput: it carries the throughput's relative error.
      cell: (info) => (
        <WithBand value={formatCostPerMillion(info.getValue())} band={info.row.original.error_band.output_tok_s} />
      ),
      meta: numeric,
    }),
  ].map((c) => ({ ...c, enableSorting: false }));
}

const infeasibleColumns = [
  column.accessor((c) => candidateName(c), { id: 'candidate', header: 'Hardware · engine', enableSorting: false }),
  column.accessor('infeasible_reason', {
    header: 'Why not',
    cell: (info) => <Reason>{info.getValue()}</Reason>,
    enableSorting: false,
  }),
];

/** What the plan found: the feasible candidates cheapest first, how to read them, and the ones ruled out. */
export function PlanResults({
  plan,
  onTune,
  onCopyCommand,
}: {
  plan: PlanData;
  onTune: (c: PlanCandidateData) => void;
  onCopyCommand?: (command: string) => void;
}) {
  const [benchmarkOf, setBenchmarkOf] = useState<PlanCandidateData | null>(null);
  const feasible = plan.candidates.filter((c) => c.infeasible_reason === null);
  const infeasible = plan.candidates.filter((c) => c.infeasible_reason !== null);
  const { input_len, output_len, benchmark_id } = plan.workload;
  const bounds = [
    plan.slo.ttft_ms !== undefined ? `${plan.slo.percentile} TTFT ≤ ${formatMs(plan.slo.ttft_ms)}` : null,
    plan.slo.tpot_ms !== undefined ? `${plan.slo.percentile} TPOT ≤ ${formatMs(plan.slo.tpot_ms)}` : null,
  ].filter(Boolean);
  const summary = `${plan.model}, ${formatNumber(input_len)} → ${formatNumber(output_len)} tokens${benchmark_id ? ` (the workload of benchmark ${benchmark_id})` : ''}, ${bounds.join(' and ')}`;
  const commands = benchmarkOf ? benchmarkCommands(plan, benchmarkOf) : null;

  return (
    <Results aria-label="Plan">
      {feasible.length === 0 ? (
        <EmptyState
          title="No candidate meets this SLO"
          description={`${summary}: every GPU, count and engine runs out of memory or misses the SLO even with one request at a time. Loosen the SLO, shorten the prompts, or try FP8 weights. The reasons are listed below.`}
          headingLevel={2}
        />
      ) : (
        <Card
          title={`${plural(feasible.length, 'candidate meets', 'candidates meet')} the SLO, cheapest first`}
          headingLevel={2}
          description={summary}
        >
          <ScrollingTable
            regionLabel="Feasible candidates"
            data={feasible}
            columns={candidateColumns(plan, onTune, setBenchmarkOf)}
            caption="Candidates that meet the SLO"
            getRowId={rowId}
          />
        </Card>
      )}
      <Callout tone="info" title="How to read this">
        Predicted by the performance model, not measured. Capacity is the most requests in flight at once (each user
        sends the next request when an answer ends) that still meet the SLO and still add throughput: past that the
        engine only queues. Figures are at that capacity with the engine&apos;s default flags and tensor parallelism
        over all the GPUs. ± is the median error of such predictions on published measurements the model was not fitted
        to (hover for its source); $ per 1M output tokens uses typical cloud prices.
      </Callout>
      {commands && benchmarkOf ? (
        <Card title={`Benchmark ${candidateName(benchmarkOf)}`} headingLevel={2} padding="lg">
          <CopyField
            label={`1. Serve the model with ${runtimeName(benchmarkOf.runtime)}`}
            value={commands.serve}
            multiline
            onCopy={onCopyCommand}
          />
          <CopyField
            label="2. Measure it at the planned capacity and upload the result"
            value={commands.bench}
            multiline
            onCopy={onCopyCommand}
          />
        </Card>
      ) : null}
      {infeasible.length > 0 ? (
        <Card title={`Not feasible (${formatNumber(infeasible.length)})`} headingLevel={2}>
          <ScrollingTable
            regionLabel="Candidates that are not feasible"
            data={infeasible}
            columns={infeasibleColumns}
            caption="Candidates that cannot serve this workload under the SLO"
            getRowId={rowId}
          />
        </Card>
      ) : null}
    </Results>
  );
}
