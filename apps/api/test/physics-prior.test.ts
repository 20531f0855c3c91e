import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '@mako/perf-model';
import { propose } from '@mako/tuner';
import { cachedPhysicsPrior, physicsPrior, priorSetting, type PriorSetting } from '../src/tuning/physics-prior.ts';
import { createWorkerProposer } from '../src/tuning/proposer.ts';
import { benchmark, metrics, saturatedRun, session } from './fixtures.ts';
import { ok, signUp, startServer, type TestServer } from './helpers.ts';

const target = {
  ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
  hardware_name: 'H100',
  hardware_count: 1,
  runtime: 'vllm',
  objective_metric: 'output_throughput',
  objective_direction: 'maximize' as const,
};
const workload = { max_seq_length: 4096, min_prompt: 256, max_prompt: 1024, min_output: 128, max_output: 256 };

describe('priorSetting: the prior only where the tuner README measured it helping', () => {
  it('takes a maximised tokens/s objective without latency constraints', () => {
    expect(priorSetting(target, workload, [{ metric: 'cost_per_million_tokens', op: '<=', value: 1 }])).toEqual({
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      gpu: 'H100',
      gpu_count: 1,
      runtime: 'vllm',
      input_len: 640,
      output_len: 192,
      max_seq_length: 4096,
      metric: 'output_throughput',
      correction: 1,
    });
    expect(priorSetting({ ...target, objective_metric: 'total_token_throughput' }, workload, [])?.metric).toBe(
      'total_token_throughput',
    );
  });

  it('leaves out latency-constrained sessions, other objectives and what perf-model does not know', () => {
    expect(priorSetting(target, workload, [{ metric: 'ttft_ms.p99', op: '<=', value: 500 }])).toBeNull();
    expect(
      priorSetting({ ...target, objective_metric: 'tpot_ms.p99', objective_direction: 'minimize' }, workload, []),
    ).toBeNull();
    expect(priorSetting({ ...target, objective_direction: 'minimize' }, workload, [])).toBeNull();
    expect(priorSetting({ ...target, ml_model_name: 'org/unknown-model' }, workload, [])).toBeNull();
    expect(priorSetting({ ...target, hardware_name: 'Imaginary GPU' }, workload, [])).toBeNull();
  });
});

describe('physicsPrior', () => {
  const setting = priorSetting(target, workload, [])!;

  it("is perf-model's noise-free throughput of a short saturated run", () => {
    const config = { max_num_seqs: 64, enable_chunked_prefill: true };
    const expected = simulate(saturatedRun(config, { numRequests: 20, noise: 0, seed: 0 }));
    if (!expected.ok) throw new Error('perf-model should run this');
    const prior = physicsPrior(setting);
    expect(prior(config)).toBeCloseTo(expected.metrics.output_throughput, 6);
    // More sequences in a batch: more tokens/s at saturation.
    expect(prior({ max_num_seqs: 8, enable_chunked_prefill: true })!).toBeLessThan(prior(config)!);
  });

  it('is kept per setting across calls, so that recurring candidates are not simulated again', () => {
    const kept = cachedPhysicsPrior(setting);
    expect(cachedPhysicsPrior({ ...setting })).toBe(kept);
    expect(cachedPhysicsPrior({ ...setting, output_len: 256 })).not.toBe(kept);
  });

  it("moves by the running error's factor, so a session starts from what its setting measured", () => {
    const config = { max_num_seqs: 64, enable_chunked_prefill: true };
    const plain = physicsPrior(setting)(config)!;
    const corrected = physicsPrior({ ...setting, correction: 1.3 })(config)!;
    expect(corrected).toBeCloseTo(plain * 1.3, 6);
    expect(priorSetting(target, workload, [], 0.9)?.correction).toBe(0.9);
  });

  it('is null where perf-model predicts a failure', () => {
    const big: PriorSetting = { ...setting, model: 'meta-llama/Llama-3.1-70B-Instruct', gpu: 'L40S' };
    expect(physicsPrior(big)({ max_num_seqs: 64 })).toBeNull();
  });

  it('is built in the worker thread from the setting the proposer sends', async () => {
    const worker = createWorkerProposer(30_000);
    try {
      const input = {
        space: { parameters: [{ kind: 'int' as const, name: 'max_num_seqs', low: 8, high: 512, log: true }] },
        objective: { metric: 'output_throughput', direction: 'maximize' as const },
        constraints: [],
        trials: [8, 16, 32, 64, 128].map((n) => ({
          config: { max_num_seqs: n },
          metrics: { output_throughput: 1000 + n },
          failure: null,
        })),
        pending: [],
        budget: { max_trials: 50, max_parallel: 1 },
        context: { gpu_count: 1, max_seq_length: 4096 },
        seed: 5,
        count: 1,
      };
      const prior = physicsPrior(setting);
      expect(await worker.propose(input, setting)).toEqual(propose({ ...input, prior }));
      expect(await worker.propose(input)).toEqual(propose(input));
    } finally {
      await worker.close();
    }
  });
});

describe('next-configs sends the prior setting to the tuner', () => {
  let ts: TestServer;
  const sent: (PriorSetting | null | undefined)[] = [];
  beforeAll(async () => {
    ts = await startServer({}, { propose: (input, prior) => (sent.push(prior), propose(input)) });
  });
  afterAll(() => ts.close());

  it('for a throughput session, not for one under a latency bound', async () => {
    const user = await signUp(ts);
    for (const constraints of [[], [{ metric: 'ttft_ms.p99' as const, op: '<=' as const, value: 500 }]]) {
      const s = await ok(ts, 'createSession', { token: user.token, body: session({ constraints }) });
      await ok(ts, 'nextConfigs', { token: user.token, params: { session_id: s.id }, body: {} });
    }
    expect(sent).toEqual([
      expect.objectContaining({ model: 'meta-llama/Llama-3.1-8B-Instruct', metric: 'output_throughput' }),
      null,
    ]);
  });

  it("with the running error of its model × GPU × engine, so measurements move the session's prior", async () => {
    const user = await signUp(ts);
    const probe = await ok(ts, 'createBenchmark', { token: user.token, body: benchmark() });
    if (probe.prediction?.kind !== 'predicted') throw new Error('perf-model should predict this');
    const predicted = probe.prediction.predicted.output_throughput;
    await ok(ts, 'deleteBenchmark', { token: user.token, params: { benchmark_id: probe.id } });
    // Measured 1.5× the prediction: one benchmark moves the prior by a quarter of that (in log).
    await ok(ts, 'createBenchmark', { token: user.token, body: benchmark({ metrics: metrics(predicted * 1.5) }) });
    const s = await ok(ts, 'createSession', { token: user.token, body: session() });
    await ok(ts, 'nextConfigs', { token: user.token, params: { session_id: s.id }, body: {} });
    expect(sent.at(-1)?.correction).toBeCloseTo(Math.exp(Math.log(1.5) / 4), 3);
  });
});
