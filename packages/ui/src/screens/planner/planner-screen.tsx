import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { PlanErrorBand } from '@mako/contract';
import { formatMs, formatNumber, formatTokensPerSecond, plural } from '../../foundations/format/format';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { CopyField } from '../../primitives/copy-field';
import { DataTable } from '../../primitives/data-table';
import { useControllableOpen } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import { ScreenIntro } from '../../primitives/screen-layout';
import { Select } from '../../primitives/select';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { TextField } from '../../primitives/text-field';
import { formatCostPerMillion, formatRequestsPerSecond } from '../benchmark-common/benchmark-data';
import { MutedText, ScreenRoot, ScrollRegion } from '../benchmark-common/benchmark-common.styles';
import { LoadError } from '../benchmark-common/load-error';
import { CreateTuningSessionDialog } from '../create-tuning-session-dialog';
import type { CreateTuningSessionDialogProps } from '../create-tuning-session-dialog';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import {
  PLANNER_TITLE,
  bandSource,
  benchmarkCommands,
  candidateName,
  formatBand,
  runtimeName,
  tuneDefaults,
} from './planner-format';
import type { PlanCandidateData, PlanData, PlanRequestData } from './planner-format';
import {
  Band,
  FieldRow,
  Figure,
  FormActions,
  Legend,
  PlanForm,
  Reason,
  Results,
  RowActions,
} from './planner-screen.styles';

export type PlannerStatus = 'idle' | 'loading' | 'error' | 'success';

export interface PlannerScreenProps
  extends
    LoadFailureProps,
    Pick<CreateTuningSessionDialogProps, 'runtimes' | 'runtimesError' | 'onCreate' | 'searchSpaceRules'> {
  /** The models the planner knows (GET /planner/options). */
  models: readonly string[];
  /** The form's first values, e.g. from the address. */
  initialRequest?: PlanRequestData;
  /** The form is valid and was sent: POST /planner/plan with this body. */
  onPlan: (request: PlanRequestData) => void;
  /** 'idle' before the first plan; 'error' with the server's refusal (an unknown model, a benchmark not found). */
  status: PlannerStatus;
  plan?: PlanData | null;
  /** The new-session request is in flight, or the server refused it. */
  creating?: boolean;
  createError?: string | null;
  /** Controlled "Tune this" dialog (close it after a successful create); uncontrolled when left out. */
  tuneDialogOpen?: boolean;
  onTuneDialogOpenChange?: (open: boolean) => void;
  onCopyCommand?: (command: string) => void;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
}

interface FormValues {
  model: string;
  source: 'lengths' | 'benchmark';
  inputLen: string;
  outputLen: string;
  benchmarkId: string;
  percentile: 'p50' | 'p99';
  ttftMs: string;
  tpotMs: string;
  weightDtype: 'bf16' | 'fp8';
}

type FormErrors = Partial<Record<keyof FormValues, string>>;

function initialForm(request: PlanRequestData | undefined, models: readonly string[]): FormValues {
  return {
    model: request?.model ?? models[0] ?? '',
    source: request?.benchmark_id ? 'benchmark' : 'lengths',
    inputLen: String(request?.workload?.input_len ?? 1024),
    outputLen: String(request?.workload?.output_len ?? 256),
    benchmarkId: request?.benchmark_id ?? '',
    percentile: request?.slo.percentile ?? 'p99',
    ttftMs: request?.slo.ttft_ms === undefined && request ? '' : String(request?.slo.ttft_ms ?? 1000),
    tpotMs: request?.slo.tpot_ms === undefined && request ? '' : String(request?.slo.tpot_ms ?? 50),
    weightDtype: request?.weight_dtype ?? 'bf16',
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);
const positive = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/** The request, or what is wrong with each field; mirrors the contract's PlanRequest rules. */
function toRequest(v: FormValues): { request: PlanRequestData } | { errors: FormErrors } {
  const errors: FormErrors = {};
  if (!v.model) errors.model = 'Choose a model';
  const input = wholeNumber(v.inputLen);
  const output = wholeNumber(v.outputLen);
  if (v.source === 'lengths') {
    if (!input || input < 1) errors.inputLen = 'A whole number of tokens, at least 1';
    if (!output || output < 1) errors.outputLen = 'A whole number of tokens, at least 1';
  } else if (!v.benchmarkId.trim()) errors.benchmarkId = 'Paste the id of a benchmark you can see';
  const ttft = v.ttftMs.trim() === '' ? undefined : positive(v.ttftMs);
  const tpot = v.tpotMs.trim() === '' ? undefined : positive(v.tpotMs);
  if (ttft === null) errors.ttftMs = 'A number of milliseconds above 0';
  if (tpot === null) errors.tpotMs = 'A number of milliseconds above 0';
  if (ttft === undefined && tpot === undefined) errors.ttftMs = 'Give a TTFT bound, a TPOT bound or both';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      model: v.model,
      ...(v.source === 'lengths'
        ? { workload: { input_len: input!, output_len: output! } }
        : { benchmark_id: v.benchmarkId.trim() }),
      slo: {
        percentile: v.percentile,
        ...(ttft ? { ttft_ms: ttft } : {}),
        ...(tpot ? { tpot_ms: tpot } : {}),
      },
      weight_dtype: v.weightDtype,
    },
  };
}

function WithBand({ value, band }: { value: string; band: PlanErrorBand }) {
  return (
    <Figure>
      {value}
      <Band title={bandSource(band)}>{formatBand(band)}</Band>
    </Figure>
  );
}

const rowId = (c: PlanCandidateData) => `${c.gpu_count}x-${c.gpu}-${c.runtime}`;

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

function PlanResults({
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
          <ScrollRegion tabIndex={0} role="region" aria-label="Feasible candidates">
            <DataTable
              data={feasible}
              columns={candidateColumns(plan, onTune, setBenchmarkOf)}
              caption="Candidates that meet the SLO"
              getRowId={rowId}
            />
          </ScrollRegion>
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
          <ScrollRegion tabIndex={0} role="region" aria-label="Candidates that are not feasible">
            <DataTable
              data={infeasible}
              columns={infeasibleColumns}
              caption="Candidates that cannot serve this workload under the SLO"
              getRowId={rowId}
            />
          </ScrollRegion>
        </Card>
      ) : null}
    </Results>
  );
}

/**
 * The capacity planner (/planner/): a model, a workload and an SLO in; for every GPU type, count
 * and engine the performance model's capacity under the SLO, throughput per GPU and per user and
 * cost, each with the calibration's error band; one click to tune or benchmark a candidate.
 */
export function PlannerScreen({
  models,
  initialRequest,
  onPlan,
  status,
  plan,
  error,
  onRetry,
  retrying,
  runtimes,
  runtimesError,
  onCreate,
  searchSpaceRules,
  creating,
  createError,
  tuneDialogOpen,
  onTuneDialogOpenChange,
  onCopyCommand,
  showTitle = true,
}: PlannerScreenProps) {
  const [values, setValues] = useState<FormValues>(() => initialForm(initialRequest, models));
  const [errors, setErrors] = useState<FormErrors>({});
  const [tuning, setTuning] = useState<PlanCandidateData | null>(null);
  const [dialogOpen, setDialogOpen] = useControllableOpen(tuneDialogOpen, onTuneDialogOpenChange);
  // The model list may arrive after the first render: take its first model until one is chosen.
  const model = values.model || models[0] || '';
  const set = (field: keyof FormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const text = (field: keyof FormValues) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toRequest({ ...values, model });
    if ('errors' in result) setErrors(result.errors);
    else {
      setErrors({});
      onPlan(result.request);
    }
  };

  let body: ReactNode;
  if (status === 'idle') {
    body = (
      <EmptyState
        title="Plan before you measure"
        description="Choose a model, its workload and your latency SLO, then Plan: every GPU type, GPU count and engine is predicted at the load it can take under the SLO, with its cost and how far such predictions have been off."
        headingLevel={2}
      />
    );
  } else if (status === 'loading') {
    body = (
      <Loading label="Planning">
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} radius={8} />
      </Loading>
    );
  } else if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (plan) {
    body = (
      <PlanResults
        plan={plan}
        onCopyCommand={onCopyCommand}
        onTune={(c) => {
          setTuning(c);
          setDialogOpen(true);
        }}
      />
    );
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={PLANNER_TITLE}
          lede="Which GPU, how many and which engine, before you rent any: predicted capacity, throughput and cost under your SLO."
        />
      ) : null}
      <PlanForm onSubmit={submit} noValidate aria-label="Plan">
        <FieldRow>
          <Legend>Model and workload</Legend>
          <Select
            label="Model"
            options={models.map((m) => ({ value: m, label: m }))}
            value={model}
            onValueChange={set('model')}
            error={errors.model}
          />
          <Select
            label="Workload"
            options={[
              { value: 'lengths', label: 'Prompt and output lengths' },
              { value: 'benchmark', label: "A stored benchmark's workload" },
            ]}
            value={values.source}
            onValueChange={set('source')}
          />
          {values.source === 'lengths' ? (
            <>
              <TextField label="Prompt tokens" inputMode="numeric" mono {...text('inputLen')} />
              <TextField label="Output tokens" inputMode="numeric" mono {...text('outputLen')} />
            </>
          ) : (
            <TextField label="Benchmark id" mono {...text('benchmarkId')} />
          )}
        </FieldRow>
        <FieldRow>
          <Legend>SLO (leave a bound empty to ignore it)</Legend>
          <Select
            label="Percentile"
            options={[
              { value: 'p99', label: 'p99' },
              { value: 'p50', label: 'p50 (median)' },
            ]}
            value={values.percentile}
            onValueChange={set('percentile')}
          />
          <TextField label="TTFT at most (ms)" inputMode="decimal" mono {...text('ttftMs')} />
          <TextField label="TPOT at most (ms)" inputMode="decimal" mono {...text('tpotMs')} />
          <Select
            label="Weights"
            options={[
              { value: 'bf16', label: 'BF16' },
              { value: 'fp8', label: 'FP8' },
            ]}
            value={values.weightDtype}
            onValueChange={set('weightDtype')}
          />
        </FieldRow>
        <FormActions>
          <Button type="submit" busy={status === 'loading'}>
            Plan
          </Button>
          {status === 'success' && plan ? (
            <MutedText>
              {plural(plan.candidates.length, 'candidate', 'candidates')} predicted: each GPU type × 1, 2, 4 and 8 GPUs
              × each engine
            </MutedText>
          ) : null}
        </FormActions>
      </PlanForm>
      {body}
      <CreateTuningSessionDialog
        key={tuning ? rowId(tuning) : 'none'}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        runtimes={runtimes}
        runtimesError={runtimesError}
        onCreate={onCreate}
        busy={creating}
        error={createError}
        searchSpaceRules={searchSpaceRules}
        defaultValues={tuning && plan ? tuneDefaults(plan, tuning) : undefined}
      />
    </ScreenRoot>
  );
}
