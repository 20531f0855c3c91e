/**
 * Proposal latency through the API, with and without the physics prior (tuning/physics-prior.ts):
 * one runner drives a session of TRIALS sequential trials (next-configs, then a result measured by
 * perf-model with 3 % noise) on a real server with the tuner in its worker thread, and the wall
 * time of every next-configs call is recorded. The two sessions differ only in the model's name:
 * perf-model knows 'meta-llama/Llama-3.1-8B-Instruct' (the prior is on) and not 'org/unknown-8b'
 * (off); both get the same measurements.
 *
 *   nice -n 10 pnpm --filter @mako/api bench:proposals
 */
import { loadavg } from 'node:os';
import { simulate } from '@mako/perf-model';
import type { RuntimeOptions, TuningSessionCreate } from '@mako/contract';
import { ok, signUp, startServer } from '../test/helpers.ts';
import { saturatedRun, session, setting } from '../test/fixtures.ts';

const TRIALS = Number(process.env.TRIALS ?? 60);

function measured(config: RuntimeOptions, seed: number) {
  // Both sessions get Llama 3.1 8B's measurements, whatever their model is called.
  const out = simulate(saturatedRun(config, { numRequests: 200, seed }));
  return out.ok ? { metrics: out.metrics } : { failure: { kind: out.failure.kind, message: out.failure.message } };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function run(model: string) {
  const server = await startServer({ leaseTtlS: 600, logLevel: 'warn' });
  try {
    const user = await signUp(server);
    const body: TuningSessionCreate = session({
      setting: setting({ ml_model_name: model }),
      search_space: {
        parameters: [
          { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
          { kind: 'int', name: 'max_num_batched_tokens', low: 4096, high: 32768, log: true },
          { kind: 'float', name: 'gpu_memory_utilization', low: 0.8, high: 0.95, step: 0.01 },
          { kind: 'bool', name: 'enable_chunked_prefill' },
        ],
        rules: [],
      },
      budget: { max_trials: TRIALS, max_parallel: 1 },
    });
    const s = await ok(server, 'createSession', { token: user.token, body });
    const times: number[] = [];
    for (let trial = 1; trial <= TRIALS; trial++) {
      const started = performance.now();
      const { configs } = await ok(server, 'nextConfigs', {
        token: user.token,
        params: { session_id: s.id },
        body: {},
      });
      times.push(performance.now() - started);
      const pending = configs[0]!;
      await ok(server, 'postResult', {
        token: user.token,
        params: { session_id: s.id },
        body: { pending_config_id: pending.id, ...measured(pending.config, trial) },
      });
    }
    const best = await ok(server, 'getSession', { token: user.token, params: { session_id: s.id } });
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), best: best.best?.objective_value ?? null };
  } finally {
    await server.close();
  }
}

console.log(
  `${TRIALS} sequential trials per session; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [label, model] of [
  ['without the prior', 'org/unknown-8b'],
  ['with the prior', 'meta-llama/Llama-3.1-8B-Instruct'],
] as const) {
  const figures = await run(model);
  console.log(
    `${label.padEnd(18)} next-configs p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms; best output tok/s ${figures.best?.toFixed(0) ?? '—'}`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
