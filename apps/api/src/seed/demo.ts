import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import {
  RUNTIMES,
  defaultConfig,
  defaultSearchSpace,
  engineFlagList,
  type BenchmarkSettingCreate,
  type Runtime,
  type RuntimeOptions,
  type SearchParameter,
  type Slo,
} from '@mako/contract';
import { gpuSpec, modelSpec, mulberry32, simulate } from '@mako/perf-model';
import { isoAt, type AppContext } from '../context.ts';
import type { BenchmarkSettingTable } from '../db/schema.ts';
import { settingColumns } from '../services/benchmarks/settings.ts';
import { benchmarkRow, type NewBenchmark } from '../services/benchmarks/store.ts';

export const DEMO_USER_ID = 'mako-demo-catalogue';
const DEMO_EMAIL = 'demo-catalogue@makooptimize.invalid';
const NOTES =
  'Demo data: modelled with @mako/perf-model (datasheet roofline + continuous-batching simulation), not measured on hardware.';

/**
 * A modelled figure is an estimate: six significant digits say all it knows (a runner's clock
 * resolves microseconds, no finer). The simulator's full doubles made every search answer carry
 * ten meaningless digits a number, which compress poorly: a page of results was twice the bytes.
 * Whole numbers (counts) stay as they are; the cost is rounded on its own, so it may differ from
 * one recomputed from the rounded throughput in the sixth digit.
 */
const SIGNIFICANT_DIGITS = 6;

function toModelledPrecision<T>(value: T): T {
  if (typeof value === 'number') {
    return (
      Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(SIGNIFICANT_DIGITS))
    ) as T;
  }
  if (Array.isArray(value)) return value.map(toModelledPrecision) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toModelledPrecision(item)])) as T;
  }
  return value;
}

const MODELS = [
  'meta-llama/Llama-3.2-3B-Instruct',
  'meta-llama/Llama-3.1-8B-Instruct',
  'Qwen/Qwen3-30B-A3B',
  'mistralai/Mixtral-8x7B-Instruct-v0.1',
  'Qwen/Qwen3-32B',
  'meta-llama/Llama-3.1-70B-Instruct',
];
const GPUS = ['H100', 'H200', 'A100-80GB', 'L40S', 'MI300X', 'B200'];
const GPU_COUNTS = [1, 2, 4, 8];

interface DemoWorkload {
  dataset: string;
  input: number;
  output: number;
  rate: number | 'inf';
  requests: number;
  maxSeq: number;
}

/** A throughput run (everything at once), a chat-like load at a fixed rate, and long-prompt RAG. */
const WORKLOADS: DemoWorkload[] = [
  { dataset: 'random', input: 1024, output: 256, rate: 'inf', requests: 500, maxSeq: 4096 },
  { dataset: 'sharegpt', input: 512, output: 384, rate: 16, requests: 400, maxSeq: 4096 },
  { dataset: 'random', input: 4096, output: 256, rate: 4, requests: 200, maxSeq: 8192 },
];
const SLO: Slo = { ttft_ms: 1000, tpot_ms: 50 };
/** Besides the engine defaults, this many sampled flag settings per setting. */
const VARIANTS = 5;

const TP_FLAG: Record<Runtime, string> = { vllm: 'tensor_parallel_size', sglang: 'tp_size', 'tensorrt-llm': 'tp_size' };
const DP_FLAG: Partial<Record<Runtime, string>> = { vllm: 'data_parallel_size', sglang: 'dp_size' };

function sample(p: SearchParameter, rnd: () => number): RuntimeOptions[string] {
  switch (p.kind) {
    case 'bool':
      return rnd() < 0.5;
    case 'categorical':
      return p.choices[Math.floor(rnd() * p.choices.length)] ?? p.choices[0]!;
    default: {
      const u = rnd();
      let v = p.log
        ? Math.exp(Math.log(p.low) + u * (Math.log(p.high) - Math.log(p.low)))
        : p.low + u * (p.high - p.low);
      if (p.step) v = Math.round(v / p.step) * p.step;
      return p.kind === 'int' ? Math.round(v) : Number(v.toFixed(2));
    }
  }
}

/** Smallest power-of-two GPU count whose memory holds the weights with room for a KV cache. */
function minimalCount(model: string, gpu: string): number | null {
  const m = modelSpec(model);
  const g = gpuSpec(gpu);
  if (!m || !g) return null;
  return GPU_COUNTS.find((c) => m.params_b * 2 <= c * g.memory_gb * 0.7) ?? null;
}

/** The engine defaults with the whole deployment used, and sampled variants of the tunable flags. */
function configsFor(runtime: Runtime, count: number, rnd: () => number): RuntimeOptions[] {
  const tp = TP_FLAG[runtime];
  const configs: RuntimeOptions[] = [{ ...defaultConfig(runtime, []), [tp]: count }];
  const space = defaultSearchSpace(runtime, count);
  for (let i = 0; i < VARIANTS; i++) {
    const config: RuntimeOptions = {};
    for (const p of space.parameters) config[p.name] = sample(p, rnd);
    const tpSize = typeof config[tp] === 'number' ? (config[tp] as number) : count;
    const dp = DP_FLAG[runtime];
    // Replicas fill the GPUs that tensor parallelism leaves; TensorRT-LLM shards across all of them.
    if (dp && tpSize < count) config[dp] = count / tpSize;
    else config[tp] = count;
    configs.push(config);
  }
  return configs;
}

/**
 * Fills an empty database with a catalogue of published benchmarks, marked demo, from the
 * performance model: several models × GPUs × GPU counts × engines × workloads, each with the
 * engine defaults (the baselines of "gain over defaults") and sampled flag settings. Runs that the
 * model predicts to fail (out of memory, crash) are left out, as a runner would not publish them.
 */
export async function seedDemoCatalogue(
  ctx: Pick<AppContext, 'db' | 'now'> & { log: Pick<FastifyBaseLogger, 'info'> },
): Promise<{ benchmarks: number; settings: number; ms: number } | null> {
  const started = performance.now();
  const existing = await ctx.db.selectFrom('benchmarks').select('id').limit(1).executeTakeFirst();
  const demoUser = await ctx.db.selectFrom('users').select('id').where('id', '=', DEMO_USER_ID).executeTakeFirst();
  if (existing || demoUser) return null;

  const now = ctx.now();
  const rnd = mulberry32(20251122);
  const settings = new Map<string, Selectable<BenchmarkSettingTable>>();
  // Built once every setting's created_at is final: each stored document embeds its setting's.
  const pending: NewBenchmark[] = [];
  let sims = 0;
  for (const model of MODELS) {
    for (const gpu of GPUS) {
      const min = minimalCount(model, gpu);
      if (min === null) continue;
      for (const count of [min, min * 2].filter((c) => c <= 8)) {
        for (const runtime of RUNTIMES) {
          if (runtime === 'tensorrt-llm' && gpu === 'MI300X') continue; // TensorRT-LLM is NVIDIA-only.
          const version = engineFlagList(runtime).versions[0]!;
          for (const w of WORKLOADS) {
            const setting: BenchmarkSettingCreate = {
              ml_model_name: model,
              hardware_config: { name: gpu, count },
              software: { runtime, version },
              workload: {
                dataset: w.dataset,
                num_requests: w.requests,
                request_rate: w.rate,
                burstiness: 1,
                max_concurrency: null,
                max_seq_length: w.maxSeq,
                output_len: w.output,
                min_prompt: w.input,
                max_prompt: w.input,
                min_output: w.output,
                max_output: w.output,
              },
            };
            for (const config of configsFor(runtime, count, rnd)) {
              sims++;
              const out = simulate({
                model,
                gpu,
                gpu_count: count,
                runtime,
                config,
                workload: {
                  input_len: w.input,
                  output_len: w.output,
                  request_rate: w.rate,
                  max_concurrency: null,
                  num_requests: w.requests,
                  max_seq_length: w.maxSeq,
                },
                seed: sims,
                slo: SLO,
              });
              if (!out.ok) continue;
              const columns = settingColumns(setting);
              let row = settings.get(columns.setting_key);
              if (!row) {
                row = {
                  id: randomUUID(),
                  owner_id: DEMO_USER_ID,
                  ...columns,
                  benchmark_count: 0,
                  published_count: 0,
                  created_at: '',
                };
                settings.set(columns.setting_key, row);
              }
              row.benchmark_count++;
              row.published_count++;
              // Spread over the last 90 days, so that "newest first" lists look lived-in.
              const createdAt = now - Math.floor(rnd() * 90 * 24 * 3600 * 1000);
              if (row.created_at === '' || isoAt(createdAt) < row.created_at) row.created_at = isoAt(createdAt);
              pending.push({
                ownerId: DEMO_USER_ID,
                setting: row,
                input: {
                  runtime_options: config,
                  metrics: toModelledPrecision(out.metrics),
                  cost_per_million_tokens: toModelledPrecision(out.cost_per_million_tokens),
                  published: true,
                  notes: NOTES,
                },
                sessionId: null,
                verified: false,
                demo: true,
                now: createdAt,
              });
            }
          }
        }
      }
    }
  }

  const rows = pending.map(benchmarkRow);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: DEMO_USER_ID,
        email: DEMO_EMAIL,
        full_name: 'MakoOptimize demo catalogue',
        password_hash: null,
        google_sub: null,
        token_version: 0,
        is_system: 1,
        created_at: isoAt(now),
      })
      .execute();
    const settingRows = [...settings.values()];
    for (let i = 0; i < settingRows.length; i += 200)
      await trx
        .insertInto('benchmark_settings')
        .values(settingRows.slice(i, i + 200))
        .execute();
    // Stay under SQLite's and PostgreSQL's bound-parameter limits (about 70 columns a row).
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('benchmarks')
        .values(rows.slice(i, i + 100))
        .execute();
  });
  const ms = Math.round(performance.now() - started);
  ctx.log.info(
    { benchmarks: rows.length, settings: settings.size, simulated: sims, ms },
    'Seeded the demo catalogue from @mako/perf-model',
  );
  return { benchmarks: rows.length, settings: settings.size, ms };
}
