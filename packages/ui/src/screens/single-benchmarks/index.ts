export { SingleBenchmarks } from './single-benchmarks';
export type { SingleBenchmarksProps } from './single-benchmarks';
