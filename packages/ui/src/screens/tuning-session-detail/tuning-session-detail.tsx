import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card } from '../../primitives/card';
import { Skeleton } from '../../primitives/skeleton';
import { TrialProgressChart } from '../../primitives/trial-progress-chart';
import type { ExportFormat } from '../../foundations/format/csv';
import { useCompareSelection } from '../benchmark-common/compare-selection';
import type { PagingQuery, PendingConfig, TuningBest, TuningResult, TuningSession } from '@mako/contract';
import { LoadingErrorWrapper, statusLoadState } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { ParetoFront } from '../pareto-front';
import { TuningInsights } from '../tuning-insights';
import type { TuningInsightsView } from '../tuning-insights';
import { formatMetricNumber, metricPhrase, objectiveLabel, tuneRunnerCommand } from '../tuning-common/tuning-format';
import { BestCard } from './best-card';
import { firstTrialChanges, sessionDefaults } from './first-trial';
import { PendingSection } from './pending-section';
import { ResultsSection } from './results-section';
import type { CopiedItem, TuningSearchState } from './session-detail-types';
import { deriveSearchState, SearchStateNote, SummaryHeader } from './session-summary';
import { TrialCompareContext } from './trial-compare';
import { categoricalChoices, searchedFlags, toTrialPoint } from './trial-points';
import { Note, ScreenRoot, SkeletonGrid, TopGrid } from './tuning-session-detail.styles';

export type { CopiedItem, TuningSearchState } from './session-detail-types';

export interface TuningSessionDetailProps extends LoadFailureProps {
  /** The state of GET /tuning/session/{id}. */
  status: 'loading' | 'error' | 'success';
  session?: TuningSession;

  /** GET /tuning/session/{id}/best; null while no configuration met the constraints. */
  best?: TuningBest | null;
  /** One page of GET /tuning/session/{id}/results. */
  results?: { data: readonly TuningResult[]; count: number };
  /** The limit/offset of that page (20 from 0 by default). */
  resultsPage?: PagingQuery;
  onResultsPageChange?: (page: PagingQuery) => void;
  /** A new page is being fetched. */
  resultsLoading?: boolean;
  /** Every result so far, for the progress chart; the current page is used when left out. */
  trials?: readonly TuningResult[];
  /** The configurations runners have leased and not reported yet. */
  pending?: readonly PendingConfig[];
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

const DEFAULT_PAGE: PagingQuery = { limit: 20, offset: 0 };

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
  session: TuningSession;
  resultsPage: PagingQuery;
  pending: readonly PendingConfig[];
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

      <ResultsSection
        session={session}
        page={page}
        count={results?.count ?? 0}
        resultsPage={resultsPage}
        onResultsPageChange={onResultsPageChange}
        resultsLoading={resultsLoading}
        exportable={Boolean(trials && trials.length > 0)}
        onExport={onExport}
        defaults={defaults}
        bestResultId={bestResultId}
        firstChanges={firstChanges}
        compare={compare}
        onCompare={onCompare}
        runner={runner}
        readOnly={readOnly}
        onCopy={onCopy}
        now={now}
      />

      <PendingSection
        session={session}
        pending={pending}
        searchState={searchState}
        defaults={defaults}
        runner={runner}
        onCopy={onCopy}
        now={now}
      />
    </TrialCompareContext.Provider>
  );
}
