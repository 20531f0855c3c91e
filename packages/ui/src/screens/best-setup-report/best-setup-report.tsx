import type { ConfigValue } from '@mako/contract/vocabulary';
import type { Benchmark, Direction, MetricKey } from '@mako/contract';
import { METRIC_KEYS, naturalDirection } from '@mako/contract/vocabulary';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Badge } from '../../primitives/badge';
import { Card } from '../../primitives/card';
import { CopyField } from '../../primitives/copy-field';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatChangeVsDefaults, formatHardware, formatNumber, plural } from '../../foundations/format/format';
import { RelativeTime } from '../../primitives/relative-time';
import { Select } from '../../primitives/select';
import type { SelectOption } from '../../primitives/select';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { Stat } from '../../primitives/stat';
import {
  BEST_SETUP_REPORT_TITLE,
  formatLengths,
  formatMetric,
  formatOptionValue,
  formatRequestRate,
  formatRuntime,
  metricLabel,
  readBenchmarkMetric,
} from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import { BenchmarkBadges } from '../benchmark-common/benchmark-badges';
import { MutedText, ScreenRoot } from '../benchmark-common/benchmark-common.styles';
import { ScrollingTable } from '../benchmark-common/scrolling-table';
import { ScreenIntro } from '../../primitives/screen-layout';
import { LoadError } from '../benchmark-common/load-error';
import { OpenLink } from '../benchmark-common/open-link';
import {
  Headline,
  MetricGrid,
  Note,
  ReportSection,
  SectionTitle,
  SelectRow,
  Summary,
} from './best-setup-report.styles';
import { MeasuredOrPredicted } from './measured-or-predicted';

/** The contract's BestBenchmarkReport: the best benchmark and the engine-defaults baseline. */
export interface BestBenchmarkReportView {
  objective: MetricKey;
  direction: Direction;
  best: Benchmark;
  /** The best run with the engine's default flags under the same setting, when one exists. */
  baseline: Benchmark | null;
  /** Gain of best over baseline in the objective's better direction, in percent. */
  improvement_pct: number | null;
  launch_command: string;
  /** How many benchmarks were considered. */
  candidates: number;
}

/** The report's query (contract BestReportQuery); '' is "not chosen yet". */
export interface BestSetupSelection {
  model_name: string;
  hardware_name: string;
  objective: MetricKey | '';
}

export type BestSetupReportStatus = 'idle' | 'loading' | 'error' | 'success';

export interface BestSetupReportProps extends LoadFailureProps {
  /** Model names to choose from, e.g. the models that have benchmarks. */
  models: readonly string[];
  /** Accelerator names ("H100"), without a count: the report covers every count. */
  hardware: readonly string[];
  /** The objectives offered; every metric by default. */
  objectives?: readonly MetricKey[];
  selection: BestSetupSelection;
  /** Called with the whole selection whenever one of the three changes. */
  onChange: (selection: BestSetupSelection) => void;
  /**
   * 'idle' until all three are chosen; 'success' with `report` null when nothing is benchmarked for
   * the selection (the API's 404).
   */
  status: BestSetupReportStatus;
  report?: BestBenchmarkReportView | null;
  /**
   * The engine's default flags (contract: defaultConfig(runtime)), for the flags the defaults run did
   * not record; without them such a flag shows as '—'.
   */
  runtimeDefaults?: Readonly<Record<string, ConfigValue | null>>;
  onCopyCommand?: (command: string) => void;
  /** Opens the winning benchmark's setting (/single-benchmarks/{settingId}). */
  onOpenSetting?: (settingId: string) => void;
  settingHref?: (settingId: string) => string;
  now?: Date | number;
  timeZone?: string;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
}

interface OptionRow {
  name: string;
  best: ConfigValue | undefined;
  baseline: ConfigValue | null | undefined;
}

const optionColumn = createColumnHelper<OptionRow>();
const OPTION_COLUMNS = [
  optionColumn.accessor('name', { header: 'Flag', enableSorting: false, meta: { numeric: true, align: 'left' } }),
  optionColumn.accessor('best', {
    header: 'This setup',
    cell: (info) => formatOptionValue(info.getValue()),
    enableSorting: false,
    meta: { numeric: true },
  }),
  optionColumn.accessor('baseline', {
    header: 'Engine defaults run',
    cell: (info) => formatOptionValue(info.getValue()),
    enableSorting: false,
    meta: { numeric: true },
  }),
  optionColumn.display({
    id: 'changed',
    header: 'Changed',
    cell: (info) =>
      info.row.original.best !== info.row.original.baseline ? (
        <Badge tone="accent">Changed</Badge>
      ) : (
        <MutedText>Same</MutedText>
      ),
  }),
];

/** The metrics the report shows besides the objective, in this order. */
const REPORT_METRICS: readonly MetricKey[] = [
  'output_throughput',
  'output_throughput_per_gpu',
  'output_throughput_per_user',
  'ttft_ms.p99',
  'tpot_ms.mean',
  'e2el_ms.p99',
  'cost_per_million_tokens',
  'goodput',
];

const objectiveLabel = (metric: MetricKey) =>
  `${metricLabel(metric)} (${naturalDirection(metric) === 'maximize' ? 'highest' : 'lowest'} wins)`;

function describeGain(report: BestBenchmarkReportView): {
  delta?: string;
  trend: 'better' | 'worse' | 'neutral';
  note?: ReactNode;
} {
  if (!report.baseline || report.improvement_pct === null) {
    return {
      trend: 'neutral',
      note: "No benchmark of the engine's default flags exists for this setting, so there is no baseline to measure the gain against. Benchmark the engine with its defaults to see it.",
    };
  }
  const pct = report.improvement_pct;
  const baselineValue = readBenchmarkMetric(report.baseline, report.objective);
  return {
    delta: formatChangeVsDefaults(pct / 100, naturalDirection(report.objective)),
    trend: pct > 0 ? 'better' : pct < 0 ? 'worse' : 'neutral',
    note:
      pct <= 0
        ? `The engine's defaults are already the best measured setup (${formatMetric(report.objective, baselineValue)}).`
        : `Engine defaults ${report.baseline.demo ? 'modelled' : 'measured'} ${formatMetric(report.objective, baselineValue)} on the same setting.`,
  };
}

function ReportCard({
  report,
  runtimeDefaults,
  onCopyCommand,
  onOpenSetting,
  settingHref,
  now,
  timeZone,
}: { report: BestBenchmarkReportView } & Pick<
  BestSetupReportProps,
  'runtimeDefaults' | 'onCopyCommand' | 'onOpenSetting' | 'settingHref' | 'now' | 'timeZone'
>) {
  const { best, baseline, objective } = report;
  const { setting } = best;
  const gain = describeGain(report);
  const names = [...new Set([...Object.keys(best.runtime_options), ...Object.keys(baseline?.runtime_options ?? {})])];
  // A flag the defaults run did not set ran at the engine's default.
  const rows: OptionRow[] = names.map((name) => ({
    name,
    best: best.runtime_options[name] ?? runtimeDefaults?.[name] ?? undefined,
    baseline: baseline?.runtime_options[name] ?? runtimeDefaults?.[name],
  }));
  const optionColumns = baseline ? OPTION_COLUMNS : OPTION_COLUMNS.slice(0, 2);

  return (
    <Card
      title={`Best setup for ${setting.ml_model_name} on ${formatHardware(setting.hardware_config)}`}
      headingLevel={2}
      description={`${formatRuntime(setting.software)} · chosen from ${formatNumber(report.candidates)} benchmarked ${report.candidates === 1 ? 'configuration' : 'configurations'}`}
      padding="lg"
    >
      <Headline>
        <Stat
          size="lg"
          label={metricLabel(objective)}
          value={formatMetric(objective, readBenchmarkMetric(best, objective))}
          delta={gain.delta}
          trend={gain.trend}
        />
        <BenchmarkBadges benchmark={best} showPrivate />
      </Headline>
      {gain.note ? <Note>{gain.note}</Note> : null}

      <MeasuredOrPredicted objective={objective} best={best} baseline={baseline} />

      <ReportSection>
        <SectionTitle>Launch command</SectionTitle>
        <CopyField
          label={`Serve it with ${formatRuntime(setting.software)}`}
          value={report.launch_command}
          multiline
          onCopy={onCopyCommand}
        />
      </ReportSection>

      <ReportSection>
        <SectionTitle>Winning configuration</SectionTitle>
        {rows.length > 0 ? (
          <ScrollingTable
            regionLabel="Winning configuration"
            data={rows}
            columns={optionColumns}
            caption="Runtime options of the best setup"
            getRowId={(row) => row.name}
          />
        ) : (
          <Note>The engine's defaults: no flags were set.</Note>
        )}
      </ReportSection>

      <ReportSection>
        <SectionTitle>Metrics</SectionTitle>
        <MetricGrid>
          {REPORT_METRICS.filter(
            // Goodput exists only for runs with an SLO; an empty tile would say nothing.
            (metric) => metric !== objective && !(metric === 'goodput' && readBenchmarkMetric(best, metric) === null),
          ).map((metric) => (
            <Stat
              key={metric}
              label={metricLabel(metric)}
              value={formatMetric(metric, readBenchmarkMetric(best, metric))}
            />
          ))}
        </MetricGrid>
        <Summary>
          {best.demo ? 'Modelled' : 'Measured'} <RelativeTime value={best.created_at} now={now} timeZone={timeZone} />{' '}
          with {setting.workload.dataset} requests ({formatLengths(setting.workload)} tokens),{' '}
          {plural(setting.workload.num_requests, 'request', 'requests')},{' '}
          {formatRequestRate(setting.workload.request_rate).toLowerCase()}.
          {onOpenSetting ? (
            <>
              {' '}
              <OpenLink href={settingHref?.(setting.id)} onOpen={() => onOpenSetting(setting.id)}>
                All benchmarks of this setting
              </OpenLink>
            </>
          ) : null}
        </Summary>
      </ReportSection>
    </Card>
  );
}

/**
 * The best-setup report (/best-setup-report/): pick a model, hardware and objective and see the best
 * measured configuration, its launch command, its metrics and its gain over the engine's defaults.
 */
export function BestSetupReport({
  models,
  hardware,
  objectives = METRIC_KEYS,
  selection,
  onChange,
  status,
  report,
  error,
  onRetry,
  retrying,
  onCopyCommand,
  showTitle = true,
  ...reportOptions
}: BestSetupReportProps) {
  const named = (name: string) => ({ value: name, label: name });
  const choices: { field: keyof BestSetupSelection; label: string; placeholder: string; options: SelectOption[] }[] = [
    { field: 'model_name', label: 'Model', placeholder: 'Choose a model…', options: models.map(named) },
    { field: 'hardware_name', label: 'Hardware', placeholder: 'Choose hardware…', options: hardware.map(named) },
    {
      field: 'objective',
      label: 'Objective',
      placeholder: 'Choose an objective…',
      options: objectives.map((metric) => ({ value: metric, label: objectiveLabel(metric) })),
    },
  ];
  const complete = Boolean(selection.model_name && selection.hardware_name && selection.objective);

  let body: ReactNode;
  if (!complete || status === 'idle') {
    body = (
      <EmptyState
        title="Choose a model, hardware and objective"
        description="The report picks the best benchmark measured for them, and shows how much it gains over the engine's defaults."
        headingLevel={2}
      />
    );
  } else if (status === 'loading') {
    body = (
      <Loading label="Loading the best setup">
        <Skeleton height={28} width="50%" />
        <Skeleton height={64} width={240} radius={8} />
        <Skeleton height={96} radius={8} />
        <Skeleton height={180} radius={8} />
      </Loading>
    );
  } else if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (!report) {
    body = (
      <EmptyState
        title={`Nothing benchmarked for ${selection.model_name} on ${selection.hardware_name} yet`}
        description="Benchmark the model on this hardware with the runner and upload the result, or start a tuning session; the report then picks the best run."
        command={benchRunnerCommand({ model: selection.model_name, hardware: selection.hardware_name })}
        onCopyCommand={onCopyCommand}
        headingLevel={2}
      />
    );
  } else {
    body = <ReportCard report={report} onCopyCommand={onCopyCommand} {...reportOptions} />;
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={BEST_SETUP_REPORT_TITLE}
          lede="The best measured configuration for a model on a hardware type, by the metric that matters to you."
        />
      ) : null}
      <SelectRow role="group" aria-label="Report for">
        {choices.map(({ field, ...choice }) => (
          <Select
            key={field}
            {...choice}
            value={selection[field]}
            onValueChange={(value) => onChange({ ...selection, [field]: value })}
          />
        ))}
      </SelectRow>
      {body}
    </ScreenRoot>
  );
}
