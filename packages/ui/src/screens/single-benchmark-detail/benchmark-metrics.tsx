import type { Benchmark, LatencyStats, MetricIntervals } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import { Stat } from '../../primitives/stat';
import { LATENCY_LABELS, formatCostPerMillion, formatRequestsPerSecond } from '../benchmark-common/benchmark-data';
import type { LatencyMetric } from '../benchmark-common/benchmark-data';
import { FactGrid } from '../benchmark-common/fact-grid';
import { ScrollingTable } from '../benchmark-common/scrolling-table';
import { withInterval } from '../benchmark-common/measurement-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import { MetricName, Note, Section, SectionTitle, StatGrid } from './single-benchmark-detail.styles';

interface LatencyRow {
  metric: LatencyMetric;
  stats: LatencyStats;
  intervals: MetricIntervals | undefined;
}

const column = createColumnHelper<LatencyRow>();
const stat = (key: keyof LatencyStats, header: string) =>
  column.accessor((row) => row.stats[key], {
    id: key,
    header,
    cell: (info) =>
      withInterval(
        formatMs(info.getValue()),
        info.row.original.intervals?.[`${info.row.original.metric}.${key}`],
        formatMs,
        {
          runs: false,
        },
      ),
    enableSorting: false,
    meta: { numeric: true },
  });

const latencyColumns = [
  column.accessor('metric', {
    header: 'Latency',
    cell: (info) => <MetricName>{LATENCY_LABELS[info.getValue()]}</MetricName>,
    enableSorting: false,
  }),
  stat('mean', 'Mean'),
  stat('p50', 'p50'),
  stat('p90', 'p90'),
  stat('p95', 'p95'),
  stat('p99', 'p99'),
];

const LATENCIES: readonly LatencyMetric[] = ['ttft_ms', 'tpot_ms', 'itl_ms', 'e2el_ms'];

function sloText(slo: { ttft_ms?: number; tpot_ms?: number; e2el_ms?: number }): string {
  const parts = (Object.keys(LATENCY_LABELS) as LatencyMetric[])
    .filter((metric) => metric in slo && slo[metric as keyof typeof slo] !== undefined)
    .map((metric) => `${LATENCY_LABELS[metric]} ≤ ${formatMs(slo[metric as keyof typeof slo])}`);
  return parts.length > 0 ? parts.join(', ') : 'no latency target';
}

/** Every measurement of one benchmark: throughputs, the latency percentiles, goodput and cost. */
export function BenchmarkMetrics({ benchmark }: { benchmark: Benchmark }) {
  const { metrics, intervals } = benchmark;
  const rows: LatencyRow[] = LATENCIES.map((metric) => ({ metric, stats: metrics[metric], intervals }));
  const tokens = (value: number) => formatTokensPerSecond(value, { unit: false });
  const runs = intervals?.output_throughput?.n;
  const runsHint = runs ? `Mean of ${runs} runs ± 95 % interval` : undefined;
  return (
    <>
      <StatGrid>
        <Stat
          size="lg"
          label="Output tok/s"
          value={withInterval(tokens(metrics.output_throughput), intervals?.output_throughput, tokens, { runs: false })}
          hint={runsHint}
        />
        <Stat
          label="Output tok/s per GPU"
          value={withInterval(
            tokens(benchmark.output_throughput_per_gpu),
            intervals?.output_throughput_per_gpu,
            tokens,
            { runs: false },
          )}
          hint={runsHint}
        />
        <Stat
          label="Output tok/s per user"
          value={withInterval(
            formatTokensPerSecond(benchmark.output_throughput_per_user, { unit: false }),
            intervals?.output_throughput_per_user,
            tokens,
            { runs: false },
          )}
          hint={runsHint}
        />
        <Stat
          label="Requests/s"
          value={withInterval(
            formatNumber(metrics.request_throughput, 2),
            intervals?.request_throughput,
            (value) => formatNumber(value, 2),
            { runs: false },
          )}
          hint={runsHint}
        />
        <Stat label="Cost per 1M tokens" value={formatCostPerMillion(benchmark.cost_per_million_tokens)} />
      </StatGrid>

      <Section>
        <SectionTitle>Latency percentiles</SectionTitle>
        <ScrollingTable
          regionLabel="Latency percentiles"
          data={rows}
          columns={latencyColumns}
          caption={
            runs
              ? `Latency percentiles in ms: the mean of ${runs} runs ± its 95 % interval`
              : 'Latency percentiles in ms'
          }
          getRowId={(row) => row.metric}
        />
      </Section>

      <Section>
        <SectionTitle>Goodput</SectionTitle>
        {metrics.goodput ? (
          <Note>
            {formatRequestsPerSecond(metrics.goodput.request_throughput)}:{' '}
            {formatNumber(metrics.goodput.attainment * 100, 1)} % of completed requests met every SLO (
            {sloText(metrics.goodput.slo)}).
          </Note>
        ) : (
          <Note>
            No SLO was set for this run. Run the benchmark with <code>--slo ttft_ms=500,tpot_ms=50</code> to measure
            goodput.
          </Note>
        )}
      </Section>

      <Section>
        <SectionTitle>Run</SectionTitle>
        <FactGrid
          facts={[
            ['Completed requests', formatNumber(metrics.completed)],
            ['Failed requests', formatNumber(metrics.failed)],
            ['Duration', `${formatNumber(metrics.duration_s, 1)} s`],
            ['Input tok/s', formatTokensPerSecond(metrics.input_throughput, { unit: false })],
            ['Total tok/s', formatTokensPerSecond(metrics.total_token_throughput, { unit: false })],
            ['Input tokens', formatNumber(metrics.total_input_tokens)],
            ['Output tokens', formatNumber(metrics.total_output_tokens)],
          ]}
        />
      </Section>

      <Section>
        <SectionTitle>Runtime options</SectionTitle>
        <RuntimeOptionChips
          options={Object.entries(benchmark.runtime_options).map(([name, value]) => ({ name, value }))}
          emptyLabel="No flags recorded: the engine ran with its defaults."
          aria-label="Runtime options"
        />
        {benchmark.notes ? <Note>{benchmark.notes}</Note> : null}
      </Section>
    </>
  );
}
