import type { BenchmarkMetrics } from '@mako/contract';
import type { ColumnHelper } from '@tanstack/react-table';
import { formatMs, formatTokensPerSecond } from '../../foundations/format/format';

/**
 * The measured columns the benchmark lists share (output tok/s, p99 TTFT, mean TPOT), so that each
 * has one id, header and format in every list. `metricsOf` finds a row's benchmark metrics.
 */
export function benchmarkMetricColumns<Row>(column: ColumnHelper<Row>, metricsOf: (row: Row) => BenchmarkMetrics) {
  const latency = (id: string, header: string, stat: (metrics: BenchmarkMetrics) => number) =>
    column.accessor((row: Row) => stat(metricsOf(row)), {
      id,
      header,
      cell: (info) => formatMs(info.getValue()),
      // Lower is better: the first click on the header puts the fastest on top.
      sortDescFirst: false,
      meta: { numeric: true },
    });
  return {
    outputThroughput: column.accessor((row: Row) => metricsOf(row).output_throughput, {
      id: 'output_throughput',
      header: 'Output tok/s',
      cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
      meta: { numeric: true },
    }),
    ttftP99: latency('ttft_p99', 'p99 TTFT', (metrics) => metrics.ttft_ms.p99),
    tpotMean: latency('tpot_mean', 'Mean TPOT', (metrics) => metrics.tpot_ms.mean),
  };
}
