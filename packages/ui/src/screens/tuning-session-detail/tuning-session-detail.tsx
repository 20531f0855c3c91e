import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, StatusBadge } from '../../primitives/badge';
import {
  formatLengths,
  formatMetric,
  formatRequestRate,
  formatRuntime,
  metricLabel,
  runtimeOptionsDiff,
} from '../benchmark-common/benchmark-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import type { TrialPoint } from '../../primitives/chart/chart-math';
import { COPIED_FEEDBACK_MS, CopyField, copyToClipboard } from '../../primitives/copy-field';
import { DataTable } from '../../primitives/data-table';
import { EmptyState } from '../../primitives/empty-state';
import { ExportButtons } from '../../primitives/export-buttons';
import type { ExportFormat } from '../../foundations/format/csv';
import { LoadingErrorWrapper, statusLoadState } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import {
  formatChangeVsDefaults,
  formatMs,
  formatNumber,
  formatTokensPerSecond,
  plural,
} from '../../foundations/format/format';
import { CheckIcon, CopyIcon } from '../../foundations/icons';
import { RelativeTime } from '../../primitives/relative-time';
import { Skeleton } from '../../primitives/skeleton';
import { Stat } from '../../primitives/stat';
import { TrialProgressChart } from '../../primitives/trial-progress-chart';
import { ParetoFront } from '../pareto-front';
import { TuningInsights } from '../tuning-insights';
import { BestConfidence } from './best-confidence';
import {
  changeWords,
  defaultsLeftOut,
  engineName,
  firstTrialChanges,
  leftOutWords,
  sessionDefaults,
} from './first-trial';
import type { FirstTrialChange } from './first-trial';
import { TrialCompareContext, trialCompareColumn } from './trial-compare';
import { CompareBar, useCompareSelection } from '../benchmark-common/compare-selection';
import type { TuningInsightsView } from '../tuning-insights';
import {
  constraintLabel,
  formatMetricNumber,
  metricPhrase,
  objectiveLabel,
  relativeGain,
  trialStatus,
  tuneRunnerCommand,
  tuningSessionTitle,
} from '../tuning-sessions/tuning-format';
import type {
  MetricKey,
  PendingConfigData,
  RuntimeConfig,
  TuningBestData,
  TuningResultData,
  TuningSessionData,
} from '../benchmark-common/tuning-types';
import {
  BestBody,
  CardStack,
  ChipsCell,
  ExportActions,
  FailureText,
  Header,
  Mono,
  Note,
  Numbers,
  OptionsBlock,
  OptionsHead,
  ScreenRoot,
  Section,
  SectionHead,
  SectionTitle,
  SettingLine,
  SkeletonGrid,
  StatusCell,
  SummaryLine,
  Title,
  TopGrid,
} from './tuning-session-detail.styles';

/**
 * Where the search stands, as the runners' next-configs call would be answered: 'waiting' is the
 * 409 ('Need to wait for pending evaluations'), 'complete' the 410 ('Tuning search is complete').
 */
export type TuningSearchState = 'running' | 'waiting' | 'complete';

export type CopiedItem = 'launch-command' | 'options' | 'runner-command';

export interface ResultsPageQuery {
  limit: number;
  offset: number;
}

export interface TuningSessionDetailProps extends LoadFailureProps {
  /** The state of GET /tuning/session/{id}. */
  status: 'loading' | 'error' | 'success';
  session?: TuningSessionData;

  /** GET /tuning/session/{id}/best; null while no configuration met the constraints. */
  best?: TuningBestData | null;
  /** One page of GET /tuning/session/{id}/results. */
  results?: { data: readonly TuningResultData[]; count: number };
  /** The limit/offset of that page (20 from 0 by default). */
  resultsPage?: ResultsPageQuery;
  onResultsPageChange?: (page: ResultsPageQuery) => void;
  /** A new page is being fetched. */
  resultsLoading?: boolean;
  /** Every result so far, for the progress chart; the current page is used when left out. */
  trials?: readonly TuningResultData[];
  /** The configurations runners have leased and not reported yet. */
  pending?: readonly PendingConfigData[];
  /** Overrides what the session's status and counts imply. */
  searchState?: TuningSearchState;
  /**
   * What the tuner's models say about the session (GET /tuning/session/{id}/insights): shown as
   * "Why it wins" with a slice view of `trials`; null while the models are not fitted yet.
   * Left out, the section is not shown.
   */
  insights?: TuningInsightsView | null;

  /** Called after something reached the clipboard. */
  onCopy?: (value: string, item: CopiedItem) => void;
  /** Export every trial (`trials`); the app turns the format into a download. */
  onExport?: (format: ExportFormat) => void;
  /** The reference for relative dates; stories pass a fixed one. */
  now?: Date | number;
  /** Render the title as this screen's h1; turn off when the AppShell's top bar shows it. */
  showTitle?: boolean;
  /** A public share page: no runner commands. */
  readOnly?: boolean;
  /** The owner's share control, under the summary. */
  share?: ReactNode;
  /**
   * Opens the benchmarks of 2–4 ticked trials side by side (/benchmarks/compare). With it the
   * results get a Compare checkbox column; trials that stored no benchmark cannot be ticked.
   */
  onCompare?: (benchmarkIds: readonly string[]) => void;
}

const DEFAULT_PAGE: ResultsPageQuery = { limit: 20, offset: 0 };

/** Columns the results table always shows; an objective outside them gets its own column. */
const SHOWN_METRICS: readonly MetricKey[] = ['output_throughput', 'ttft_ms.p99', 'tpot_ms.p99'];

function deriveSearchState(session: TuningSessionData): TuningSearchState {
  // A failed session is over too: the server answers its runners as it answers a complete one.
  if (session.status === 'complete' || session.status === 'failed') return 'complete';
  if (session.status === 'running' && session.counts.pending >= session.budget.max_parallel) return 'waiting';
  return 'running';
}

function toTrialPoint(result: TuningResultData): TrialPoint {
  if (result.failure)
    return { trial: result.trial_number, value: null, outcome: 'failed', reason: result.failure.kind };
  return { trial: result.trial_number, value: result.objective_value, outcome: result.feasible ? 'ok' : 'infeasible' };
}

/** The searched flags in the space's order; without the space, every flag a trial set. */
function searchedFlags(session: TuningSessionData, trials: readonly TuningResultData[]): string[] {
  if (session.search_space) return session.search_space.parameters.map((parameter) => parameter.name);
  return [...new Set(trials.flatMap((trial) => Object.keys(trial.config)))];
}

/** The choices of each categorical flag in the space's order, for the slice view's columns. */
function categoricalChoices(session: TuningSessionData): Record<string, string[]> {
  const choices: Record<string, string[]> = {};
  for (const parameter of session.search_space?.parameters ?? [])
    if (parameter.kind === 'categorical') choices[parameter.name] = parameter.choices.map(String);
    else if (parameter.kind === 'bool') choices[parameter.name] = ['off', 'on'];
  return choices;
}

// ---- Pieces --------------------------------------------------------------------------------------

function SummaryHeader({ session, showTitle }: { session: TuningSessionData; showTitle: boolean }) {
  const { counts, budget, constraints, setting } = session;
  const workload = setting.workload;
  return (
    <Header>
      {showTitle ? <Title>{tuningSessionTitle(setting)}</Title> : null}
      <SummaryLine aria-label="Session summary">
        <li>
          <StatusBadge status={session.status} />
        </li>
        <li>objective: {objectiveLabel(session.objective)}</li>
        {constraints.length > 0 ? (
          <li>
            {constraints.length === 1 ? 'constraint' : 'constraints'}: {constraints.map(constraintLabel).join(', ')}
          </li>
        ) : null}
        <li>
          <Numbers>
            {formatNumber(counts.evaluated)}/{formatNumber(budget.max_trials)}
          </Numbers>{' '}
          {budget.max_trials === 1 ? 'trial' : 'trials'}
        </li>
        <li>
          <Numbers>{formatNumber(counts.pending)}</Numbers> pending
        </li>
        {counts.failed > 0 ? (
          <li>
            <Numbers>{formatNumber(counts.failed)}</Numbers> failed
          </li>
        ) : null}
      </SummaryLine>
      <SettingLine>
        {formatRuntime(setting.software)} · {workload.dataset}, {formatLengths(workload)} tokens ·{' '}
        {plural(workload.num_requests, 'request', 'requests')} · {formatRequestRate(workload.request_rate)}
        {workload.max_concurrency ? ` · at most ${formatNumber(workload.max_concurrency)} in flight` : ''}
        {session.name ? ` · ${session.name}` : ''}
      </SettingLine>
    </Header>
  );
}

function SearchStateNote({
  state,
  session,
  hasBest,
}: {
  state: TuningSearchState;
  session: TuningSessionData;
  hasBest: boolean;
}) {
  const { counts, budget } = session;
  if (state === 'waiting') {
    return (
      <Callout tone="info" title="Need to wait for pending evaluations">
        All {plural(budget.max_parallel, 'configuration', 'configurations')} this session may evaluate at once{' '}
        {budget.max_parallel === 1 ? 'is' : 'are'} out with runners ({formatNumber(counts.pending)} pending). Runners
        that ask for more work now wait and ask again on their own; the next configuration is proposed as soon as a
        pending result is reported. Nothing needs doing here.
      </Callout>
    );
  }
  if (state === 'complete' && session.status === 'failed') {
    return (
      <Callout tone="danger" role="status" title="Tuning search failed">
        No trial produced a measurement, so the search stopped with no configuration to recommend
        {counts.failed > 0
          ? ` (${plural(counts.failed, 'trial', 'trials')} failed; the reasons are in the results below)`
          : ''}
        . Runners that ask for more work stop. Start a new session with a smaller search space or more memory headroom.
      </Callout>
    );
  }
  if (state === 'complete') {
    return (
      <Callout tone="success" title="Tuning search is complete">
        {formatNumber(counts.evaluated)} of {plural(budget.max_trials, 'trial', 'trials')}{' '}
        {counts.evaluated === 1 ? 'was' : 'were'} evaluated and no more will be proposed, so{' '}
        {hasBest
          ? 'the best configuration below is final: deploy it with its launch command.'
          : 'the result is final: no configuration met the constraints.'}{' '}
        Runners that ask for more work print the best configuration and stop.
      </Callout>
    );
  }
  return null;
}

function CopyOptionsButton({ text, onCopied }: { text: string; onCopied: (value: string) => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      onClick={() => {
        copyToClipboard(text).then(
          () => {
            clearTimeout(timer.current);
            setCopied(true);
            onCopied(text);
            timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
          },
          // Copying was refused: the chips stay selectable, so the user copies them by hand.
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : 'Copy options'}
    </Button>
  );
}

/** What the first trial will run: the engine defaults, with any the search leaves out moved into range. */
function firstTrialPlan(session: TuningSessionData, defaults: RuntimeConfig): string {
  const leftOut = defaultsLeftOut(session.search_space?.parameters ?? [], defaults);
  if (leftOut.length === 0) return 'The first trial runs the engine defaults.';
  return (
    `The first trial runs the engine defaults, except where the search range leaves one out: ${leftOut.map(leftOutWords).join(', ')}. ` +
    `${leftOut.length === 1 ? 'That flag starts' : 'Those flags start'} at the closest value the search allows.`
  );
}

/**
 * Says what trial 1 measured when it is not the engine defaults, and why; the rows compare every
 * trial with the engine's own defaults, so trial 1 reads as changed.
 */
function FirstTrialNote({ session, changes }: { session: TuningSessionData; changes: readonly FirstTrialChange[] }) {
  const engine = engineName(session);
  // Every change has a reason only when the search range alone kept trial 1 from the defaults.
  const moved = changes.every((change) => change.reason !== null);
  const what = changes.map(changeWords).join('; ');
  const measured =
    session.default_objective_value === null
      ? `No trial measured ${engine}'s defaults, so no gain over them is shown.`
      : `A later trial measured ${engine}'s defaults; gains are against that measurement.`;
  return (
    <Callout
      tone="info"
      role="none"
      title={moved ? 'First trial: the defaults moved into the search range' : 'First trial: not the engine defaults'}
    >
      {moved
        ? `The search range leaves out ${engine}'s ${changes.length === 1 ? 'default' : 'defaults'} here, so trial 1 measured the closest ${changes.length === 1 ? 'value' : 'values'} the search allows: ${what}.`
        : `Trial 1 set ${what}.`}{' '}
      {`"Changes from default" compares every trial with ${engine}'s own defaults. ${measured}`}
    </Callout>
  );
}

interface BestCardProps {
  session: TuningSessionData;
  best: TuningBestData | null | undefined;
  defaults: RuntimeConfig;
  complete: boolean;
  onCopy?: (value: string, item: CopiedItem) => void;
}

function BestCard({ session, best, defaults, complete, onCopy }: BestCardProps) {
  const { objective } = session;
  const confidence = best?.confidence ?? session.best?.confidence;
  // Re-measured, the best stands for the mean of its runs, not its first reading.
  const value = confidence?.spread.mean ?? best?.result.objective_value ?? session.best?.objective_value ?? null;
  const config = best?.result.config ?? session.best?.config;
  const trial = best?.result.trial_number ?? session.best?.trial_number;
  const title = complete ? 'Best configuration' : 'Best so far';

  if (value === null || !config) {
    return (
      <Card title={title}>
        <Note>
          {complete
            ? 'No configuration met the objective and constraints.'
            : session.counts.evaluated === 0
              ? `Nothing has been measured yet. ${firstTrialPlan(session, defaults)}`
              : 'No configuration has met the objective and constraints yet.'}
        </Note>
      </Card>
    );
  }

  const gain =
    best && best.improvement_pct !== null
      ? best.improvement_pct / 100
      : relativeGain(value, session.default_objective_value, objective.direction);
  const changed = runtimeOptionsDiff(config, [], defaults).map((option) => option.name);
  const all = Object.entries(config).map(([name, optionValue]) => ({ name, value: optionValue }));
  const optionsText = all.map((option) => `${option.name}=${String(option.value)}`).join(' ');

  return (
    <Card title={title}>
      <BestBody>
        <Stat
          size="lg"
          label={metricLabel(objective.metric)}
          value={formatMetric(objective.metric, value)}
          delta={gain === null ? undefined : formatChangeVsDefaults(gain, objective.direction)}
          trend={gain === null || gain === 0 ? 'neutral' : gain > 0 ? 'better' : 'worse'}
          hint={
            trial !== undefined
              ? `Trial ${formatNumber(trial)} of ${formatNumber(session.counts.evaluated)}`
              : undefined
          }
        />
        {confidence ? <BestConfidence metric={objective.metric} confidence={confidence} /> : null}
        <OptionsBlock>
          <OptionsHead>
            <span>Runtime options</span>
            <CopyOptionsButton text={optionsText} onCopied={(text) => onCopy?.(text, 'options')} />
          </OptionsHead>
          <RuntimeOptionChips options={all} aria-label="Runtime options of the best configuration" />
          <Note>
            {changed.length > 0
              ? `Changed from the engine defaults: ${changed.join(', ')}.`
              : 'These are the engine defaults.'}
          </Note>
        </OptionsBlock>
        {best?.launch_command ? (
          <CopyField
            label="Launch command"
            value={best.launch_command}
            multiline
            copyLabel="Copy command"
            onCopy={(command) => onCopy?.(command, 'launch-command')}
          />
        ) : null}
      </BestBody>
    </Card>
  );
}

/** A configuration as the options that differ from the engine defaults. */
function ConfigChanges({ config, defaults }: { config: RuntimeConfig; defaults: RuntimeConfig }) {
  return (
    <ChipsCell>
      <RuntimeOptionChips options={runtimeOptionsDiff(config, [], defaults)} emptyLabel="Engine defaults" />
    </ChipsCell>
  );
}

const resultColumn = createColumnHelper<TuningResultData>();

function resultColumns(
  session: TuningSessionData,
  defaults: RuntimeConfig,
  bestResultId: string | undefined,
  now: Date | number | undefined,
) {
  const { metric } = session.objective;
  const objectiveColumn = SHOWN_METRICS.includes(metric)
    ? []
    : [
        resultColumn.accessor('objective_value', {
          header: metricLabel(metric),
          cell: (info) => formatMetric(metric, info.getValue()),
          meta: { numeric: true },
        }),
      ];
  // The server pages the results in trial order; sorting one page would suggest an order it is not.
  const columns = [
    resultColumn.accessor('trial_number', { header: '#', meta: { numeric: true, width: '56px' } }),
    resultColumn.display({
      id: 'changes',
      header: 'Changes from default',
      cell: ({ row }) => <ConfigChanges config={row.original.config} defaults={defaults} />,
    }),
    resultColumn.accessor((result) => result.metrics?.output_throughput ?? null, {
      id: 'throughput',
      header: 'Output tok/s',
      cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
      meta: { numeric: true },
    }),
    resultColumn.accessor((result) => result.metrics?.ttft_ms.p99 ?? null, {
      id: 'ttft',
      header: 'p99 TTFT',
      cell: (info) => formatMs(info.getValue()),
      meta: { numeric: true },
    }),
    resultColumn.accessor((result) => result.metrics?.tpot_ms.p99 ?? null, {
      id: 'tpot',
      header: 'p99 TPOT',
      cell: (info) => formatMs(info.getValue()),
      meta: { numeric: true },
    }),
    ...objectiveColumn,
    resultColumn.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const status = trialStatus(row.original);
        return (
          <StatusCell>
            {status === 'feasible' ? (
              <StatusBadge status="evaluated" label="Feasible" />
            ) : (
              <StatusBadge status={status} />
            )}
            {row.original.id === bestResultId ? <Badge tone="accent">Best</Badge> : null}
            {row.original.remeasure ? <Badge>Re-measure</Badge> : null}
            {row.original.failure ? (
              <FailureText title={row.original.failure.message}>{row.original.failure.message}</FailureText>
            ) : null}
          </StatusCell>
        );
      },
    }),
    resultColumn.accessor('created_at', {
      header: 'When',
      cell: (info) => <RelativeTime value={info.getValue()} now={now} />,
    }),
  ];
  return columns.map((definition) => ({ ...definition, enableSorting: false }));
}

const pendingColumn = createColumnHelper<PendingConfigData>();

function pendingColumns(defaults: RuntimeConfig, now: Date | number | undefined) {
  return [
    pendingColumn.accessor('trial_number', { header: '#', meta: { numeric: true, width: '56px' } }),
    pendingColumn.display({
      id: 'changes',
      header: 'Changes from default',
      cell: ({ row }) => <ConfigChanges config={row.original.config} defaults={defaults} />,
    }),
    pendingColumn.accessor('leased_by', {
      header: 'Leased by',
      cell: (info) => <Mono>{info.getValue() ?? '—'}</Mono>,
    }),
    pendingColumn.accessor('created_at', {
      header: 'Leased',
      cell: (info) => <RelativeTime value={info.getValue()} now={now} />,
    }),
    pendingColumn.accessor('expires_at', {
      header: 'Expires',
      cell: ({ row }) =>
        row.original.status === 'expired' ? (
          <StatusBadge status="expired" />
        ) : (
          <RelativeTime value={row.original.expires_at} now={now} />
        ),
    }),
  ];
}

function DetailSkeleton() {
  return (
    <SkeletonGrid>
      <Skeleton height={28} width="60%" />
      <Skeleton height={18} width="80%" />
      <Skeleton height={240} />
      <Skeleton height={200} />
    </SkeletonGrid>
  );
}

// ---- Screen --------------------------------------------------------------------------------------

/**
 * A tuning session: where the search stands, the best configuration with its launch command, the
 * best-so-far progress per trial, the results page by page and the configurations out with runners.
 */
export function TuningSessionDetailScreen({
  status,
  session,
  error,
  onRetry,
  retrying,
  resultsPage = DEFAULT_PAGE,
  resultsLoading = false,
  pending = [],
  searchState,
  showTitle = true,
  readOnly = false,
  ...body
}: TuningSessionDetailProps) {
  return (
    <ScreenRoot>
      <LoadingErrorWrapper
        {...statusLoadState(status, { error, onRetry, retrying })}
        loadingLabel="Loading the tuning session"
        skeleton={<DetailSkeleton />}
      >
        {() =>
          session ? (
            <SessionBody
              // Another session is another body: the trials ticked for Compare belong to the one left.
              key={session.id}
              {...body}
              session={session}
              resultsPage={resultsPage}
              resultsLoading={resultsLoading}
              pending={pending}
              searchState={searchState ?? deriveSearchState(session)}
              showTitle={showTitle}
              readOnly={readOnly}
            />
          ) : null
        }
      </LoadingErrorWrapper>
    </ScreenRoot>
  );
}

interface SessionBodyProps extends Omit<
  TuningSessionDetailProps,
  'status' | 'error' | 'onRetry' | 'retrying' | 'session' | 'searchState'
> {
  session: TuningSessionData;
  resultsPage: ResultsPageQuery;
  pending: readonly PendingConfigData[];
  searchState: TuningSearchState;
  showTitle: boolean;
  readOnly: boolean;
}

function SessionBody({
  session,
  best,
  results,
  resultsPage,
  onResultsPageChange,
  resultsLoading,
  trials,
  pending,
  searchState,
  insights,
  onCopy,
  onExport,
  now,
  showTitle,
  readOnly,
  share,
  onCompare,
}: SessionBodyProps) {
  const page = results?.data ?? [];
  const everyTrial = trials ?? page;
  const defaults = sessionDefaults(session);
  // Trial 1 as reported, or as leased while a runner measures it.
  const first =
    [...everyTrial, ...page].find((result) => result.trial_number === 1 && !result.remeasure) ??
    pending.find((config) => config.trial_number === 1);
  const firstChanges = first ? firstTrialChanges(first.config, defaults, session.search_space?.parameters ?? []) : [];
  const bestResultId = best?.result.id ?? session.best?.result_id;
  const runner = tuneRunnerCommand(session.id);
  const { objective } = session;
  // Kept here rather than per page: trials ticked on one page stay ticked on the next.
  const [compared, setCompared] = useState<readonly string[]>([]);
  const compare = useCompareSelection(compared, onCompare ? setCompared : undefined);
  const columns = resultColumns(session, defaults, bestResultId, now);

  return (
    <TrialCompareContext.Provider value={compare}>
      <SummaryHeader session={session} showTitle={showTitle} />
      {share}
      <SearchStateNote state={searchState} session={session} hasBest={Boolean(best ?? session.best)} />
      <TopGrid>
        <BestCard
          session={session}
          best={best}
          defaults={defaults}
          complete={searchState === 'complete'}
          onCopy={onCopy}
        />
        <Card title="Progress">
          {everyTrial.length > 0 ? (
            <TrialProgressChart
              trials={everyTrial.map(toTrialPoint)}
              direction={objective.direction}
              metricLabel={metricPhrase(objective.metric)}
              formatValue={(value) => formatMetricNumber(objective.metric, value)}
              baseline={session.default_objective_value ?? undefined}
              title={`Progress of ${objectiveLabel(objective)}`}
              height={260}
            />
          ) : (
            <Note>The chart starts with the first reported trial.</Note>
          )}
        </Card>
      </TopGrid>

      {session.objectives && session.pareto_front ? (
        <ParetoFront
          objectives={session.objectives}
          front={session.pareto_front}
          trials={everyTrial}
          runtime={session.setting.software.runtime}
          modelName={session.setting.ml_model_name}
          onCopy={(command) => onCopy?.(command, 'launch-command')}
        />
      ) : null}

      {insights !== undefined ? (
        <TuningInsights
          insights={insights}
          trials={everyTrial.map((result) => ({ ...toTrialPoint(result), config: result.config }))}
          flags={searchedFlags(session, everyTrial)}
          choices={categoricalChoices(session)}
          metricLabel={metricPhrase(objective.metric)}
          formatValue={(value) => formatMetricNumber(objective.metric, value)}
          complete={searchState === 'complete'}
        />
      ) : null}

      <Section>
        <SectionHead>
          <SectionTitle>Results</SectionTitle>
          <Note>{plural(results?.count ?? 0, 'trial', 'trials')} reported · compared with the engine defaults</Note>
          {onExport && trials && trials.length > 0 ? (
            <ExportActions>
              <ExportButtons onExport={onExport} />
            </ExportActions>
          ) : null}
        </SectionHead>
        {firstChanges.length > 0 ? <FirstTrialNote session={session} changes={firstChanges} /> : null}
        <DataTable
          data={page}
          columns={compare ? [trialCompareColumn, ...columns] : columns}
          caption="Trial results"
          getRowId={(result) => result.id}
          loading={resultsLoading}
          // A bounded, focusable scroll area: wide rows stay reachable by keyboard on small screens.
          maxHeight={720}
          pagination={{
            pageIndex: Math.floor(resultsPage.offset / Math.max(resultsPage.limit, 1)),
            pageSize: resultsPage.limit,
            rowCount: results?.count ?? 0,
            onPaginationChange: ({ pageIndex, pageSize }) =>
              onResultsPageChange?.({ limit: pageSize, offset: pageIndex * pageSize }),
          }}
          empty={
            <EmptyState
              headingLevel={3}
              title="No results yet"
              description={
                readOnly
                  ? 'No trial of this session was reported.'
                  : 'Start a runner next to your GPUs: it leases a configuration, benchmarks it and reports back, one trial after another.'
              }
              {...(readOnly
                ? {}
                : {
                    command: runner,
                    commandLabel: 'Start a runner',
                    onCopyCommand: (command: string) => onCopy?.(command, 'runner-command'),
                  })}
            />
          }
        />
        {compare && page.length > 0 ? <CompareBar selection={compare} onCompare={onCompare} rowsName="trials" /> : null}
      </Section>

      <Section>
        <SectionHead>
          <SectionTitle>Pending configurations</SectionTitle>
          <Note>
            {formatNumber(pending.length)} of {formatNumber(session.budget.max_parallel)} allowed at once
          </Note>
        </SectionHead>
        <CardStack>
          {pending.length > 0 ? (
            <DataTable
              data={pending}
              columns={pendingColumns(defaults, now)}
              caption="Pending configurations"
              getRowId={(config) => config.id}
              maxHeight={360}
              initialSorting={[{ id: 'trial_number', desc: false }]}
            />
          ) : (
            <Note>
              {searchState !== 'complete'
                ? 'No configuration is out with a runner right now.'
                : session.status === 'failed'
                  ? 'None: the search has stopped.'
                  : 'None: the search is complete.'}
            </Note>
          )}
          {searchState !== 'complete' ? (
            <CopyField
              label="Add a runner"
              value={runner}
              multiline
              onCopy={(command) => onCopy?.(command, 'runner-command')}
            />
          ) : null}
        </CardStack>
      </Section>
    </TrialCompareContext.Provider>
  );
}
