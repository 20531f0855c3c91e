import type { ConfigValue } from '@mako/contract/vocabulary';
import type { Benchmark, BenchmarkSetting } from '@mako/contract';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatHardware, plural } from '../../foundations/format/format';
import { TextLink } from '../../primitives/link';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { benchmarkSettingTitle, formatRequestRate, formatRuntime } from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import type { BenchmarkScreenStatus } from '../benchmark-common/benchmark-data';
import { useCompareSelection } from '../benchmark-common/compare-selection';
import {
  ScreenHeader,
  ScreenHeading,
  ScreenLede,
  ScreenRoot,
  ScreenTitle,
} from '../benchmark-common/benchmark-common.styles';
import { LoadError } from '../benchmark-common/load-error';
import { BenchmarkList } from './benchmark-list';
import type { BenchmarkRow } from './benchmark-list';
import { OwnerActions, SelectedBenchmark } from './selected-benchmark';
import { ThroughputLatencySection } from './throughput-latency-section';
import { WorkloadSummary } from './workload-summary';

export interface SingleBenchmarkDetailProps extends LoadFailureProps {
  /** The query state of the setting and its benchmarks together. */
  status: BenchmarkScreenStatus;
  /** GET /benchmarks/settings/{setting_id}. */
  setting?: BenchmarkSetting | null;
  /** GET /benchmarks/by-setting/{setting_id}: the benchmarks the viewer can see. */
  benchmarks?: readonly Benchmark[];
  /** Controlled selection; by default the benchmark with the highest output tok/s is shown. */
  selectedBenchmarkId?: string | null;
  /**
   * GET /benchmarks/by-id of the shown benchmark: its runs' intervals and telemetry, which lists
   * leave out. Used when its id is the shown one; the list's row stands in until it arrives.
   */
  selectedDetail?: Benchmark | null;
  onSelectBenchmark?: (benchmarkId: string) => void;
  /** The signed-in user's id: benchmarks they own can be published, unpublished and deleted. */
  viewerId?: string | null;
  onPublishChange: (benchmarkId: string, published: boolean) => void;
  /** Called after the user confirmed. The dialog stays open (busy) until the benchmark leaves `benchmarks`. */
  onDelete: (benchmarkId: string) => void;
  /** The benchmark whose publish change is in flight. */
  publishingId?: string | null;
  /** The benchmark whose deletion is in flight. */
  deletingId?: string | null;
  /** Why publishing failed, shown under the actions. */
  publishError?: ReactNode;
  /** Why deleting failed, shown in the confirm dialog for a retry. */
  deleteError?: ReactNode;
  /**
   * The engine's default flags (contract: defaultConfig(runtime)). With them the list shows what each
   * benchmark changed from the defaults; without, what differs between the setting's benchmarks.
   */
  runtimeDefaults?: Readonly<Record<string, ConfigValue | null>>;
  onCopyCommand?: (command: string) => void;
  now?: Date | number;
  timeZone?: string;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
  /** A public share page: no publish or delete, and no word about owners. */
  readOnly?: boolean;
  /** The owner's share control for the setting and the shown benchmark, beside the heading. */
  renderShare?: (selected: Benchmark | undefined) => ReactNode;
  /** The page of the load sweep the shown benchmark is a level of, when it is one. */
  sweepHref?: string | null;
  /**
   * Opens 2–4 ticked benchmarks side by side (/benchmarks/compare). With it the list gets a
   * Compare checkbox column and a Compare bar, as in search.
   */
  onCompare?: (ids: readonly string[]) => void;
}

/** The benchmark shown when none is chosen: the one with the highest output tok/s. */
export function bestByThroughput(benchmarks: readonly Benchmark[]): Benchmark | undefined {
  return benchmarks.reduce<Benchmark | undefined>(
    (best, benchmark) =>
      !best || benchmark.metrics.output_throughput > best.metrics.output_throughput ? benchmark : best,
    undefined,
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading benchmarks">
      <Skeleton height={28} width="55%" />
      <Skeleton height={96} radius={8} />
      <Skeleton height={300} radius={8} />
      <Skeleton height={220} radius={8} />
    </Loading>
  );
}

/**
 * One benchmark setting and its benchmarks (/single-benchmarks/{settingId}): the workload, a
 * throughput-against-latency chart, the list to choose from, and every metric of the chosen one,
 * with publish and delete for the viewer's own benchmarks.
 */
export function SingleBenchmarkDetail({
  status,
  error,
  onRetry,
  retrying,
  setting,
  benchmarks = [],
  selectedBenchmarkId,
  selectedDetail,
  onSelectBenchmark,
  viewerId,
  onPublishChange,
  onDelete,
  publishingId,
  deletingId,
  publishError,
  deleteError,
  runtimeDefaults,
  onCopyCommand,
  now,
  timeZone,
  showTitle = true,
  readOnly = false,
  renderShare,
  sweepHref,
  onCompare,
}: SingleBenchmarkDetailProps) {
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  // The number is kept with the id so that the title does not change while the dialog closes.
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; number: number } | null>(null);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  // A deleted benchmark, or one of another setting the page showed before, is no longer offered.
  const comparedIds = useMemo(
    () => ticked.filter((id) => benchmarks.some((benchmark) => benchmark.id === id)),
    [ticked, benchmarks],
  );
  const compare = useCompareSelection(comparedIds, onCompare ? setTicked : undefined);

  if (status === 'loading') return <DetailSkeleton />;
  if (status === 'error' || !setting) return <LoadError error={error} onRetry={onRetry} retrying={retrying} />;

  const wantedId = selectedBenchmarkId ?? ownSelection;
  const selected = benchmarks.find((benchmark) => benchmark.id === wantedId) ?? bestByThroughput(benchmarks);
  const select = (id: string) => {
    setOwnSelection(id);
    onSelectBenchmark?.(id);
  };

  const numbered: BenchmarkRow[] = [...benchmarks]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((benchmark, index) => ({ benchmark, number: index + 1 }));
  const numberOf = new Map(numbered.map((row) => [row.benchmark.id, row.number]));
  const rows = benchmarks.map((benchmark) => ({ benchmark, number: numberOf.get(benchmark.id) ?? 0 }));

  const confirming = benchmarks.find((benchmark) => benchmark.id === confirmDelete?.id);
  const owns = selected !== undefined && viewerId !== undefined && viewerId !== null && selected.owner === viewerId;
  const selectedNumber = selected ? numberOf.get(selected.id) : undefined;
  const shown = selectedDetail && selectedDetail.id === selected?.id ? selectedDetail : selected;

  return (
    <ScreenRoot>
      <ScreenHeader>
        <ScreenHeading>
          {showTitle ? <ScreenTitle>{benchmarkSettingTitle(setting)}</ScreenTitle> : null}
          <ScreenLede>
            {formatRuntime(setting.software)} · {setting.workload.dataset} ·{' '}
            {plural(setting.workload.num_requests, 'request', 'requests')} ·{' '}
            {formatRequestRate(setting.workload.request_rate)}
            {sweepHref ? (
              <>
                {' · '}
                <TextLink href={sweepHref}>One level of a load sweep</TextLink>
              </>
            ) : null}
          </ScreenLede>
        </ScreenHeading>
        {renderShare?.(selected)}
      </ScreenHeader>

      <WorkloadSummary setting={setting} />

      {benchmarks.length === 0 ? (
        <EmptyState
          title="No benchmarks under this setting"
          description="Run the same workload against your endpoint and upload it with --post; it appears here. Deleted and private benchmarks of other users are not listed."
          command={benchRunnerCommand({
            model: setting.ml_model_name,
            hardware: formatHardware(setting.hardware_config),
            runtime: setting.software.runtime,
            runtimeVersion: setting.software.version,
            workload: setting.workload,
          })}
          onCopyCommand={onCopyCommand}
        />
      ) : (
        <>
          <ThroughputLatencySection numbered={numbered} selectedId={selected?.id} onSelect={select} />

          <BenchmarkList
            rows={rows}
            selectedId={selected?.id}
            select={select}
            runtimeDefaults={runtimeDefaults}
            now={now}
            timeZone={timeZone}
            compare={compare}
            onCompare={onCompare}
          />

          {selected ? (
            <SelectedBenchmark
              selected={selected}
              number={selectedNumber}
              shown={shown ?? selected}
              actions={
                readOnly ? null : (
                  <OwnerActions
                    selected={selected}
                    owns={owns}
                    publishing={publishingId === selected.id}
                    deleting={deletingId === selected.id}
                    onPublishChange={onPublishChange}
                    onAskDelete={() => setConfirmDelete({ id: selected.id, number: selectedNumber ?? 0 })}
                  />
                )
              }
              publishError={publishError}
              now={now}
              timeZone={timeZone}
            />
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => (open ? undefined : setConfirmDelete(null))}
        title={`Delete benchmark #${confirmDelete?.number ?? ''}?`}
        description="Its measurements are removed for everyone, including from search and reports. This cannot be undone."
        confirmLabel="Delete benchmark"
        busy={confirming !== undefined && deletingId === confirming.id}
        error={deleteError}
        onConfirm={() => (confirming ? onDelete(confirming.id) : undefined)}
      />
    </ScreenRoot>
  );
}
