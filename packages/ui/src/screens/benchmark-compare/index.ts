export { BENCHMARK_COMPARE_TITLE, BenchmarkCompare } from './benchmark-compare';
export type { BenchmarkCompareProps } from './benchmark-compare';
export { MAX_COMPARED, benchmarkExport, benchmarksToCsv } from './compare-data';
