import { createColumnHelper } from '@tanstack/react-table';
import type { Sweep, SweepLevel } from '@mako/contract';
import { Badge } from '../../primitives/badge';
import type { BadgeTone } from '../../primitives/badge';
import { Callout } from '../../primitives/callout';
import { DataTable } from '../../primitives/data-table';
import { TextLink } from '../../primitives/link';
import {
  ScreenHeader,
  ScreenHeading,
  ScreenLede,
  ScreenRoot,
  ScreenTitle,
  Section,
  SectionTitle,
} from '../../primitives/screen-layout';
import { SweepCurveChart } from '../../primitives/sweep-curve-chart';
import type { SweepPointStatus } from '../../primitives/sweep-curve-chart';
import { formatHardware, formatMs, formatNumber } from '../../foundations/format/format';
import { LoadingErrorWrapper, statusLoadState } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatRuntime } from '../benchmark-common/benchmark-data';
import { levelStatus, loadLabel, sloText, verdictSentences } from './sweep-verdict';
import { Muted, VerdictList } from './sweep-detail.styles';

export interface SweepDetailProps extends LoadFailureProps {
  /** The state of GET /sweeps/{id}. */
  status: 'loading' | 'error' | 'success';
  sweep?: Sweep;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
  /** A level's benchmark page, from its benchmark and that benchmark's setting. */
  benchmarkHref: (link: { benchmarkId: string; settingId: string }) => string;
}

const STATUS: Record<SweepPointStatus, { text: string; tone: BadgeTone }> = {
  passed: { text: 'Met the SLO', tone: 'success' },
  failed: { text: 'Missed the SLO', tone: 'warning' },
  saturated: { text: 'Saturated', tone: 'danger' },
};

const column = createColumnHelper<SweepLevel>();

type BenchmarkHref = SweepDetailProps['benchmarkHref'];

function levelColumns(sweep: Sweep, benchmarkHref: BenchmarkHref) {
  return [
    column.accessor('load', {
      header: sweep.over === 'concurrency' ? 'Concurrency' : 'Rate (req/s)',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue(), 3),
    }),
    column.accessor((level) => levelStatus(level), {
      id: 'verdict',
      header: 'Verdict',
      cell: ({ row, getValue }) => (
        <span title={row.original.saturation ? `${row.original.saturation.signal} kept growing` : undefined}>
          <Badge tone={STATUS[getValue()].tone}>{STATUS[getValue()].text}</Badge>
        </span>
      ),
    }),
    column.accessor('slo_met', {
      header: 'SLO met',
      meta: { numeric: true },
      cell: (info) => `${formatNumber(info.getValue() * 100, 1)} %`,
    }),
    column.accessor('request_throughput', {
      header: 'Req/s',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue(), 2),
    }),
    column.accessor('goodput', {
      header: 'Goodput/s',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue(), 2),
    }),
    column.accessor('output_throughput', {
      header: 'Output tok/s',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue()),
    }),
    column.accessor('ttft_p99_ms', {
      header: 'TTFT p99',
      meta: { numeric: true },
      cell: (info) => formatMs(info.getValue()),
    }),
    column.accessor('e2el_p99_ms', {
      header: 'E2E p99',
      meta: { numeric: true },
      cell: (info) => formatMs(info.getValue()),
    }),
    column.accessor('benchmark_id', {
      header: 'Benchmark',
      enableSorting: false,
      cell: ({ row, getValue }) => {
        const benchmarkId = getValue();
        const settingId = row.original.setting_id;
        if (benchmarkId && settingId)
          return (
            <TextLink href={benchmarkHref({ benchmarkId, settingId })}>
              Benchmark at {loadLabel(sweep.over, row.original.load)}
            </TextLink>
          );
        return <Muted>{row.original.saturated ? 'not posted (saturated)' : 'not posted'}</Muted>;
      },
    }),
  ];
}

function chartSummary(sweep: Sweep): string {
  if (sweep.levels.length === 0) return 'No levels to plot yet.';
  const sorted = [...sweep.levels].sort((a, b) => a.load - b.load);
  const top = sorted.reduce((a, b) => (b.request_throughput > a.request_throughput ? b : a));
  return `${sorted.length} levels from ${loadLabel(sweep.over, (sorted[0] as SweepLevel).load)} to ${loadLabel(
    sweep.over,
    (sorted[sorted.length - 1] as SweepLevel).load,
  )}; the most throughput, ${formatNumber(top.request_throughput, 2)} req/s, at ${loadLabel(sweep.over, top.load)} with E2E p99 ${formatMs(top.e2el_p99_ms)}.`;
}

function SweepContent({
  sweep,
  benchmarkHref,
  showTitle,
}: {
  sweep: Sweep;
  benchmarkHref: BenchmarkHref;
  showTitle: boolean;
}) {
  const { headline, details } = verdictSentences(sweep);
  const met = sweep.verdict.best_load !== null;
  const { setting } = sweep;
  return (
    <ScreenRoot>
      <ScreenHeader>
        <ScreenHeading>
          {showTitle ? <ScreenTitle>{sweepTitle(sweep)}</ScreenTitle> : null}
          <ScreenLede>
            {`${sweep.over === 'concurrency' ? 'Concurrency' : 'Request-rate'} sweep on ${formatHardware(
              setting.hardware_config,
            )} · ${formatRuntime(setting.software)} · SLO ${sloText(sweep.slo)} for ≥ ${formatNumber(
              sweep.attainment * 100,
            )} % of requests · ${sweep.complete ? 'complete' : 'not finished'}`}
          </ScreenLede>
        </ScreenHeading>
      </ScreenHeader>
      <Callout tone={met ? 'success' : 'warning'} role="none" title={headline}>
        {details.length ? (
          <VerdictList aria-label="Findings">
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </VerdictList>
        ) : null}
      </Callout>
      <Section>
        <SectionTitle>Throughput against latency</SectionTitle>
        <SweepCurveChart
          points={sweep.levels.map((level) => ({
            load: level.load,
            loadLabel: loadLabel(sweep.over, level.load),
            x: level.e2el_p99_ms,
            y: level.request_throughput,
            status: levelStatus(level),
          }))}
          xLabel="p99 E2E latency"
          yLabel="Requests/s"
          formatY={(value) => formatNumber(value, 1)}
          summary={chartSummary(sweep)}
        />
      </Section>
      <Section>
        <SectionTitle>Levels</SectionTitle>
        <DataTable
          caption="Sweep levels"
          data={sweep.levels}
          columns={levelColumns(sweep, benchmarkHref)}
          getRowId={(level) => String(level.load)}
          initialSorting={[{ id: 'load', desc: false }]}
        />
      </Section>
    </ScreenRoot>
  );
}

/** One load sweep: its verdict in words, all its levels on one throughput–latency curve, and each level's figures. */
/** The page's title: the app's top bar shows it when the screen does not. */
const sweepTitle = (sweep: Pick<Sweep, 'setting'>) => `Sweep of ${sweep.setting.ml_model_name}`;

export function SweepDetail({ status, sweep, benchmarkHref, showTitle = true, ...failure }: SweepDetailProps) {
  return (
    <LoadingErrorWrapper {...statusLoadState(status, failure)}>
      {sweep ? <SweepContent sweep={sweep} benchmarkHref={benchmarkHref} showTitle={showTitle} /> : null}
    </LoadingErrorWrapper>
  );
}
