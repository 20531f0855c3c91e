import type { MetricKey } from '@mako/contract';
import { useState } from 'react';
import { Card } from '../../primitives/card';
import { Select } from '../../primitives/select';
import { metricLabel, readBenchmarkMetric } from '../benchmark-common/benchmark-data';
import type { BenchmarkRow } from './benchmark-list';
import { ThroughputLatencyChart } from './throughput-latency-chart';
import { ChartToolbar, Note } from './single-benchmark-detail.styles';

/** The latencies the chart can put on its x axis. */
const LATENCY_AXES: readonly MetricKey[] = ['ttft_ms.p99', 'ttft_ms.p50', 'tpot_ms.mean', 'tpot_ms.p99', 'e2el_ms.p99'];

export interface ThroughputLatencySectionProps {
  /** The benchmarks, oldest first, each with its number. */
  numbered: readonly BenchmarkRow[];
  selectedId: string | undefined;
  onSelect: (benchmarkId: string) => void;
}

/** The "Throughput against latency" card: one point per benchmark, on a latency the user chooses. */
export function ThroughputLatencySection({ numbered, selectedId, onSelect }: ThroughputLatencySectionProps) {
  const [latencyAxis, setLatencyAxis] = useState<MetricKey>('ttft_ms.p99');
  const points = numbered.flatMap(({ benchmark, number }) => {
    const x = readBenchmarkMetric(benchmark, latencyAxis);
    return x === null ? [] : [{ id: benchmark.id, label: `#${number}`, x, y: benchmark.metrics.output_throughput }];
  });
  return (
    <Card title="Throughput against latency" headingLevel={2}>
      <ChartToolbar>
        <Note>Each point is a benchmark; up and to the left is better. Choose a point to show its metrics.</Note>
        <Select
          label="Latency axis"
          value={latencyAxis}
          options={LATENCY_AXES.map((metric) => ({ value: metric, label: metricLabel(metric) }))}
          onValueChange={(value) => setLatencyAxis(value as MetricKey)}
        />
      </ChartToolbar>
      <ThroughputLatencyChart
        points={points}
        selectedId={selectedId}
        xLabel={metricLabel(latencyAxis)}
        onSelect={onSelect}
      />
    </Card>
  );
}
