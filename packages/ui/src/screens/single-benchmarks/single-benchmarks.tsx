import type { BenchmarkSetting, PagingQuery } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../primitives/data-table';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatHardware, formatNumber } from '../../foundations/format/format';
import { RelativeTime } from '../../primitives/relative-time';
import {
  SINGLE_BENCHMARKS_TITLE,
  formatLengths,
  formatRequestRate,
  formatRuntime,
} from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import type { BenchmarkScreenStatus } from '../benchmark-common/benchmark-data';
import { LoadError } from '../benchmark-common/load-error';
import { ScreenRoot } from '../benchmark-common/benchmark-common.styles';
import { ScreenIntro } from '../../primitives/screen-layout';
import { OpenLink } from '../benchmark-common/open-link';
import { ModelName } from './single-benchmarks.styles';

export interface SingleBenchmarksProps extends LoadFailureProps {
  /** The query state of GET /benchmarks/settings. */
  status: BenchmarkScreenStatus;
  /** One page of settings (the page's `data`). */
  settings?: readonly BenchmarkSetting[];
  /** Settings in total (the page's `count`); with onPageChange the table pages on the server. */
  count?: number;
  /** The page the app asked for; 100 per page is the API's default. */
  limit?: number;
  offset?: number;
  onPageChange?: (paging: PagingQuery) => void;
  /** Open a setting's benchmarks (/single-benchmarks/{settingId}). */
  onOpenSetting: (settingId: string) => void;
  /** The detail page's address, so that a setting is also a link that opens in a new tab. */
  settingHref?: (settingId: string) => string;
  onCopyCommand?: (command: string) => void;
  /** The reference for "3 h ago"; stories pass a fixed one. */
  now?: Date | number;
  timeZone?: string;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
}

const column = createColumnHelper<BenchmarkSetting>();

const rateValue = (setting: BenchmarkSetting) =>
  setting.workload.request_rate === 'inf' ? Number.POSITIVE_INFINITY : setting.workload.request_rate;

function columnsFor({
  onOpenSetting,
  settingHref,
  now,
  timeZone,
}: Pick<SingleBenchmarksProps, 'onOpenSetting' | 'settingHref' | 'now' | 'timeZone'>) {
  return [
    column.accessor('ml_model_name', {
      header: 'Model',
      cell: (info) => (
        <OpenLink href={settingHref?.(info.row.original.id)} onOpen={() => onOpenSetting(info.row.original.id)}>
          <ModelName>{info.getValue()}</ModelName>
        </OpenLink>
      ),
    }),
    column.accessor((setting) => formatHardware(setting.hardware_config), { id: 'hardware', header: 'Hardware' }),
    column.accessor((setting) => formatRuntime(setting.software), { id: 'runtime', header: 'Runtime' }),
    column.accessor((setting) => setting.workload.dataset, { id: 'dataset', header: 'Dataset' }),
    column.accessor(rateValue, {
      id: 'request_rate',
      header: 'Request rate',
      cell: (info) => formatRequestRate(info.row.original.workload.request_rate),
      meta: { numeric: true },
    }),
    column.accessor((setting) => setting.workload.max_prompt + setting.workload.max_output, {
      id: 'lengths',
      header: 'Prompt → output',
      cell: (info) => formatLengths(info.row.original.workload),
      meta: { numeric: true },
    }),
    column.accessor('benchmark_count', {
      header: 'Benchmarks',
      cell: (info) => formatNumber(info.getValue()),
      meta: { numeric: true },
    }),
    column.accessor('created_at', {
      header: 'Created',
      cell: (info) => <RelativeTime value={info.getValue()} now={now} timeZone={timeZone} />,
      meta: { align: 'right' },
    }),
  ];
}

/**
 * The list of benchmark settings (/single-benchmarks): what was served on what under which load,
 * and how many benchmarks each holds. Choosing one opens its benchmarks.
 */
export function SingleBenchmarks({
  status,
  error,
  onRetry,
  retrying,
  settings = [],
  count,
  limit = 100,
  offset = 0,
  onPageChange,
  onOpenSetting,
  settingHref,
  onCopyCommand,
  now,
  timeZone,
  showTitle = true,
}: SingleBenchmarksProps) {
  const total = count ?? settings.length;
  // A new cell function per render would remount every cell (and drop the focus of a link).
  const columns = useMemo(
    () => columnsFor({ onOpenSetting, settingHref, now, timeZone }),
    [onOpenSetting, settingHref, now, timeZone],
  );
  const isEmpty = status === 'success' && total === 0;

  let body;
  if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (isEmpty) {
    body = (
      <EmptyState
        title="No benchmarks yet"
        description="Benchmark your serving endpoint with the runner. With --post it uploads the result together with its setting (model, hardware, engine, workload), and the setting appears here."
        command={benchRunnerCommand()}
        onCopyCommand={onCopyCommand}
      />
    );
  } else {
    body = (
      <DataTable
        data={settings}
        columns={columns}
        caption="Benchmark settings"
        getRowId={(setting) => setting.id}
        loading={status === 'loading'}
        pagination={
          onPageChange
            ? {
                pageIndex: Math.floor(offset / limit),
                pageSize: limit,
                rowCount: total,
                onPaginationChange: (next) =>
                  onPageChange({ limit: next.pageSize, offset: next.pageIndex * next.pageSize }),
              }
            : undefined
        }
      />
    );
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={SINGLE_BENCHMARKS_TITLE}
          lede="Each setting is a model on a hardware configuration with one engine and one workload; open it to compare its benchmarks."
        />
      ) : null}
      {body}
    </ScreenRoot>
  );
}
