import { Message } from '../common.ts';
import {
  Benchmark,
  BenchmarkCreate,
  BenchmarkId,
  BenchmarkListAnswer,
  BenchmarkPatch,
  BenchmarkSetting,
  BenchmarkSettingListAnswer,
  BestBenchmarkReport,
  BestReportQuery,
  OwnedByQuery,
  SettingId,
  SupportedRuntimeOptions,
} from '../benchmarks.ts';
import { BenchmarkSearchQuery } from '../benchmark-search.ts';
import { def } from '../endpoint-def.ts';
import { BENCHMARK_SEARCH_PATH, SETTINGS_LIST_PATH } from '../paths.ts';

/* Benchmarks: store, list, search and report. */

// ---- Benchmarks -----------------------------------------------------------------------------
export const createBenchmark = def({
  method: 'POST',
  path: '/benchmarks',
  summary: 'Store a benchmark (its setting is found or created)',
  auth: 'bearer',
  scope: 'benchmarks:write',
  body: BenchmarkCreate,
  response: Benchmark,
  errors: [404],
  spec: true,
  group: 'product',
});
export const listSettings = def({
  method: 'GET',
  path: SETTINGS_LIST_PATH,
  summary: 'Benchmark settings visible to the caller',
  auth: 'bearer',
  scope: 'read',
  query: OwnedByQuery,
  response: BenchmarkSettingListAnswer,
  errors: [403],
  spec: true,
  group: 'product',
});
export const getSetting = def({
  method: 'GET',
  path: '/benchmarks/settings/{setting_id}',
  summary: 'One benchmark setting',
  auth: 'bearer',
  scope: 'read',
  params: SettingId,
  response: BenchmarkSetting,
  errors: [404],
  spec: true,
  group: 'product',
});
export const listBySetting = def({
  method: 'GET',
  path: '/benchmarks/by-setting/{setting_id}',
  summary: 'Benchmarks of a setting',
  auth: 'bearer',
  scope: 'read',
  params: SettingId,
  query: OwnedByQuery,
  response: BenchmarkListAnswer,
  errors: [403, 404],
  spec: true,
  group: 'product',
});
export const listBySettingNoSession = def({
  method: 'GET',
  path: '/benchmarks/by-setting/{setting_id}/no-session',
  summary: 'Benchmarks of a setting that no tuning session produced',
  auth: 'bearer',
  scope: 'read',
  params: SettingId,
  query: OwnedByQuery,
  response: BenchmarkListAnswer,
  errors: [403, 404],
  spec: true,
  group: 'product',
});
export const getBenchmark = def({
  method: 'GET',
  path: '/benchmarks/by-id/{benchmark_id}',
  summary: 'One benchmark',
  auth: 'bearer',
  scope: 'read',
  params: BenchmarkId,
  response: Benchmark,
  errors: [404],
  spec: true,
  group: 'product',
});
export const searchBenchmarks = def({
  method: 'GET',
  path: BENCHMARK_SEARCH_PATH,
  summary: 'Search published benchmarks and your own',
  auth: 'optional',
  scope: 'read',
  query: BenchmarkSearchQuery,
  response: BenchmarkListAnswer,
  spec: true,
  group: 'product',
});
export const supportedRuntimeOptions = def({
  method: 'GET',
  path: '/benchmarks/supported-runtime-options',
  summary: 'Tunable engine flags of vLLM, SGLang and TensorRT-LLM',
  auth: 'optional',
  scope: 'read',
  response: SupportedRuntimeOptions,
  spec: true,
  group: 'product',
});
export const bestBenchmarkReport = def({
  method: 'GET',
  path: '/benchmarks/best-benchmark-report',
  summary: 'The best known setup for a model, hardware and objective',
  auth: 'bearer',
  scope: 'read',
  query: BestReportQuery,
  response: BestBenchmarkReport,
  errors: [404],
  spec: true,
  group: 'product',
});
export const deleteBenchmark = def({
  method: 'DELETE',
  path: '/benchmarks/{benchmark_id}',
  summary: 'Delete one of your benchmarks',
  auth: 'bearer',
  scope: 'benchmarks:write',
  params: BenchmarkId,
  response: Message,
  errors: [404],
  spec: true,
  group: 'product',
});
export const patchBenchmark = def({
  method: 'PATCH',
  path: '/benchmarks/{benchmark_id}',
  summary: 'Publish, unpublish or annotate one of your benchmarks',
  auth: 'bearer',
  scope: 'benchmarks:write',
  params: BenchmarkId,
  body: BenchmarkPatch,
  response: Benchmark,
  errors: [404],
  spec: true,
  group: 'product',
});
