import type { Objective, ParetoPoint, RuntimeOptions, TuningResult } from '@mako/contract';

/*
 * A multi-objective vLLM session on Llama 3.1 8B: output tok/s per GPU against tok/s per user
 * (the InferenceMAX axes), optionally cost per million tokens as a third objective. Larger batches
 * give more per GPU and less per user. Deterministic, so screenshots never change.
 */

export const PER_GPU: Objective = { metric: 'output_throughput_per_gpu', direction: 'maximize' };
export const PER_USER: Objective = { metric: 'output_throughput_per_user', direction: 'maximize' };
export const COST: Objective = { metric: 'cost_per_million_tokens', direction: 'minimize' };

const SEQS = [16, 32, 64, 128, 256, 512, 1024];

/** vLLM's defaults for the searched flags: the tuner measures them first. */
const DEFAULTS: RuntimeOptions = {
  max_num_seqs: 256,
  gpu_memory_utilization: 0.9,
  enable_chunked_prefill: true,
  kv_cache_dtype: 'auto',
};

function config(trial: number): RuntimeOptions {
  if (trial === 1) return DEFAULTS;
  return {
    max_num_seqs: SEQS[trial % SEQS.length] as number,
    gpu_memory_utilization: Math.round((0.82 + ((trial * 7) % 16) / 100) * 100) / 100,
    enable_chunked_prefill: trial % 3 !== 0,
    kv_cache_dtype: trial % 4 === 0 ? 'fp8' : 'auto',
  };
}

/** [per GPU, per user, cost] of trial n: on a curve, dominated ones pushed inward, every fifth failed. */
function values(n: number): [number, number, number] | null {
  if (n % 5 === 4) return null;
  const t = (n * 37) % 23;
  const perUser = 18 + t * 3.1;
  const perGpu = 5200 - perUser * perUser * 0.55;
  // Odd trials fall short of the curve: dominated.
  const shortfall = n % 2 === 1 ? 0.72 + ((n * 13) % 10) / 50 : 1;
  const cost = Math.round((0.9 - perGpu / 8000 + (n % 3) * 0.03) * 1000) / 1000;
  return [Math.round(perGpu * shortfall), Math.round(perUser * shortfall * 10) / 10, cost];
}

const dominates = (a: readonly number[], b: readonly number[], objectives: readonly Objective[]) => {
  let better = false;
  for (let i = 0; i < objectives.length; i++) {
    const sign = objectives[i]?.direction === 'minimize' ? -1 : 1;
    const d = sign * ((a[i] as number) - (b[i] as number));
    if (d < 0) return false;
    if (d > 0) better = true;
  }
  return better;
};

export interface FrontFixture {
  objectives: Objective[];
  trials: TuningResult[];
  front: ParetoPoint[];
}

/** `count` trials of a session with these objectives (2 or 3 of PER_GPU, PER_USER, COST), and its front. */
export function makeFront(objectives: Objective[], count: number): FrontFixture {
  const column = (o: Objective) => (o === PER_GPU ? 0 : o === PER_USER ? 1 : 2);
  const trials: TuningResult[] = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const v = values(n);
    const picked = v ? objectives.map((o) => v[column(o)] as number) : null;
    return {
      id: `result-${n}`,
      session_id: 'pareto-session',
      pending_config_id: `pending-${n}`,
      trial_number: n,
      config: config(n),
      objective_value: picked ? (picked[0] as number) : null,
      objective_values: picked,
      feasible: picked !== null,
      metrics: null,
      failure: picked ? null : { kind: 'oom', message: 'CUDA out of memory' },
      benchmark_id: null,
      created_at: new Date(Date.UTC(2025, 10, 4, 2, n * 4)).toISOString(),
    };
  });
  const measured = trials.filter((t) => t.objective_values);
  const front = measured
    .filter((t) => !measured.some((o) => dominates(o.objective_values!, t.objective_values!, objectives)))
    .map((t) => ({ result_id: t.id, trial_number: t.trial_number, config: t.config, values: t.objective_values! }));
  return { objectives, trials, front };
}

export const TWO = makeFront([PER_GPU, PER_USER], 30);
export const THREE = makeFront([PER_GPU, PER_USER, COST], 30);
