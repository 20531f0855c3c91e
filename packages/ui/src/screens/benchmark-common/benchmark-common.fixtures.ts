import type { ConfigValue } from '@mako/contract/vocabulary';
import type { Benchmark, BenchmarkSetting } from '@mako/contract';
import { engineFlagList } from '@mako/contract/vocabulary';
import { benchmarkSettings as settings, benchmarks, bestBenchmarkReport, fixtureId, user } from '@mako/fixtures';

/*
 * The benchmarks of @mako/fixtures (the ones the msw mocks serve), picked out under the names the
 * benchmark stories use.
 */

export { OTHER_USER_ID, makeSearchResults } from '@mako/fixtures';

/** "Now" for every benchmark story: the day after the fixtures' runs. */
export const FIXTURE_NOW = new Date(Date.UTC(2025, 10, 4, 12, 0, 0));

export const VIEWER_ID = user.id;

function settingOf(key: string): BenchmarkSetting {
  const found = settings.find((s) => s.id === fixtureId(`setting-${key}`));
  if (!found) throw new Error(`no setting ${key} in @mako/fixtures`);
  return found;
}

export const llamaH100Setting = settingOf('llama8b-h100');
export const qwenH100Setting = settingOf('qwen32b-2xh100');
export const llama70bSetting = settingOf('llama70b-8xh100');

/** Newest first, as GET /benchmarks/settings lists them. */
export const benchmarkSettings: BenchmarkSetting[] = [...settings].sort((a, b) =>
  b.created_at.localeCompare(a.created_at),
);

/** Every benchmark of a setting, newest first (GET /benchmarks/by-setting). */
const benchmarksOf = (s: BenchmarkSetting): Benchmark[] => benchmarks.filter((b) => b.setting.id === s.id);

/** Every benchmark of the Llama 3.1 8B H100 setting, newest first. */
export const llamaH100Benchmarks = benchmarksOf(llamaH100Setting);
/** The measured trials of the Llama 3.1 8B H100 tuning session, in trial order. */
export const llamaH100Trials: Benchmark[] = llamaH100Benchmarks.filter((b) => b.session_id !== null).reverse();
/** The hand-run default-flags benchmark of Llama 3.1 8B on one H100: the baseline. */
export const llamaH100Manual = llamaH100Benchmarks.find((b) => b.session_id === null) as Benchmark;

export const qwenH100Benchmarks = benchmarksOf(qwenH100Setting);

/** Standalone runs on the other settings, oldest first. */
export const standaloneBenchmarks: Benchmark[] = benchmarks
  .filter((b) => b.session_id === null && b.setting.id !== llamaH100Setting.id)
  .reverse();

/** Every fixture benchmark, newest first. */
export const allBenchmarks: Benchmark[] = benchmarks;

/** vLLM's defaults (its engine-flag list's) for the flags the Llama session tunes. */
export const VLLM_DEFAULTS: Readonly<Record<string, ConfigValue | null>> = Object.fromEntries(
  [
    'max_num_seqs',
    'max_num_batched_tokens',
    'gpu_memory_utilization',
    'enable_chunked_prefill',
    'enable_prefix_caching',
    'block_size',
    'kv_cache_dtype',
  ].map((name) => [name, engineFlagList('vllm').options.find((o) => o.name === name)?.default ?? null]),
);

/** Best setup for Llama 3.1 8B on H100 by output throughput. */
export const bestSetupReport = bestBenchmarkReport;
