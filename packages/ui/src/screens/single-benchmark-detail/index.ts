export { SingleBenchmarkDetail, bestByThroughput } from './single-benchmark-detail';
export type { SingleBenchmarkDetailProps } from './single-benchmark-detail';
export { ThroughputLatencyChart } from './throughput-latency-chart';
export type { ThroughputLatencyChartProps, ThroughputLatencyPoint } from './throughput-latency-chart-props';
