import { describe, expect, it } from 'vitest';
import type { Benchmark, BenchmarkSettingCreate, Prediction } from '@mako/contract';
import { simulate } from '@mako/perf-model';
import {
  correctionFactor,
  PRIOR_BENCHMARKS,
  predictionErrorRow,
  rebuildPredictionErrors,
} from '../src/services/predictions/running-error.ts';
import { weightDtypeOf } from '../src/services/predictions/predict.ts';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { ok, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice, bob } = started));

const predicted = (p: Prediction | undefined) => {
  if (p?.kind !== 'predicted') throw new Error(`expected a prediction, got ${JSON.stringify(p)}`);
  return p;
};
const errorOf = (p: Prediction | undefined, metric = 'output_throughput') =>
  predicted(p).running_error.find((e) => e.metric === metric)!;

/** Posts a benchmark whose measured throughput is `ratio` × perf-model's prediction for it. */
async function postAt(
  token: string,
  where: BenchmarkSettingCreate,
  ratio: number,
  published = true,
): Promise<Benchmark> {
  const probe = await ok(ts, 'createBenchmark', { token, body: benchmark({ setting: where, published: false }) });
  const p = predicted(probe.prediction).predicted;
  await ok(ts, 'deleteBenchmark', { token, params: { benchmark_id: probe.id } });
  return ok(ts, 'createBenchmark', {
    token,
    body: benchmark({
      setting: where,
      published,
      metrics: metrics(p.output_throughput * ratio, p['ttft_ms.p50'] * ratio, p['tpot_ms.p50'] / ratio),
    }),
  });
}
const detail = (token: string, id: string) => ok(ts, 'getBenchmark', { token, params: { benchmark_id: id } });

describe("a stored benchmark's prediction", () => {
  it("is perf-model's noise-free run of its setting at the workload's mean lengths", async () => {
    const mine = await ok(ts, 'createBenchmark', { token: alice.token, body: benchmark() });
    const w = setting().workload;
    const expected = simulate({
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      gpu: 'H100',
      gpu_count: 1,
      runtime: 'vllm',
      engine_version: '0.11.0',
      config: { max_num_seqs: 256 },
      workload: {
        input_len: (w.min_prompt + w.max_prompt) / 2,
        output_len: (w.min_output + w.max_output) / 2,
        request_rate: w.request_rate,
        max_concurrency: null,
        num_requests: w.num_requests,
        max_seq_length: w.max_seq_length,
        burstiness: 1,
      },
      noise: 0,
      seed: 0,
    });
    if (!expected.ok) throw new Error('perf-model should run this');
    const p = predicted(mine.prediction);
    expect(p.predicted.output_throughput).toBeCloseTo(expected.metrics.output_throughput, 6);
    expect(p.predicted['ttft_ms.p99']).toBeCloseTo(expected.metrics.ttft_ms.p99, 6);
    expect(p.predicted['tpot_ms.p50']).toBeCloseTo(expected.metrics.tpot_ms.p50, 6);
    expect(p.weight_dtype).toBe('bf16');
    // Nothing else measured on this model × GPU × engine yet: nothing to correct with.
    expect(p.corrected).toBeNull();
    expect(errorOf(mine.prediction).count).toBe(0);
    // The page reads the same (stored) prediction.
    expect((await detail(alice.token, mine.id)).prediction).toEqual(mine.prediction);
  });

  it('says why there is none for a model or GPU perf-model does not know', async () => {
    const model = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ ml_model_name: 'org/unknown-model' }) }),
    });
    expect(model.prediction).toEqual({
      kind: 'none',
      reason: 'The performance model does not know the model org/unknown-model.',
    });
    const gpu = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ hardware_config: { name: 'Imaginary GPU', count: 1 } }) }),
    });
    expect(gpu.prediction).toEqual({
      kind: 'none',
      reason: 'The performance model does not know the GPU Imaginary GPU.',
    });
  });

  it('predicts with the weight precision the quantization flag names', () => {
    expect(weightDtypeOf({ quantization: 'fp8' })).toBe('fp8');
    expect(weightDtypeOf({ quantization: 'awq_marlin' })).toBe('int4');
    expect(weightDtypeOf({ quantization: 'modelopt_fp4' })).toBe('fp4');
    expect(weightDtypeOf({ max_num_seqs: 64 })).toBe('bf16');
  });
});

describe('the running error per model × GPU × engine', () => {
  it('corrects later predictions, follows deletions and leaves a benchmark out of its own correction', async () => {
    const where = setting({ hardware_config: { name: 'A100-80GB', count: 1 } });
    const first = await postAt(alice.token, where, 1.5);
    expect(predicted(first.prediction).corrected).toBeNull();

    const second = await postAt(alice.token, where, 1.5);
    const error = errorOf(second.prediction);
    // Only the first counts for the second: none corrects its own prediction.
    expect(error.count).toBe(1);
    expect(error.mean_log_ratio!).toBeCloseTo(Math.log(1.5), 2);
    // Shrunk toward no correction with one benchmark behind it.
    expect(error.factor).toBeCloseTo(Math.exp(Math.log(1.5) / (1 + PRIOR_BENCHMARKS)), 2);
    const p = predicted(second.prediction);
    expect(p.corrected!.output_throughput).toBeCloseTo(p.predicted.output_throughput * error.factor, 6);
    // Measured TTFT was 1.5× too: its correction raises the predicted TTFT the same way.
    expect(p.corrected!['ttft_ms.p50']).toBeGreaterThan(p.predicted['ttft_ms.p50']);

    // The first now sees the second.
    expect(errorOf((await detail(alice.token, first.id)).prediction).count).toBe(1);
    await ok(ts, 'deleteBenchmark', { token: alice.token, params: { benchmark_id: second.id } });
    const after = (await detail(alice.token, first.id)).prediction;
    expect(errorOf(after).count).toBe(0);
    expect(predicted(after).corrected).toBeNull();
  });

  it("counts another user's benchmark only once it is published", async () => {
    const where = setting({ hardware_config: { name: 'L40S', count: 1 } });
    const mine = await postAt(alice.token, where, 1.2);
    const bobs = await postAt(bob.token, where, 0.8, false);
    expect(errorOf((await detail(alice.token, mine.id)).prediction).count).toBe(0);
    // Bob sees his own private one and Alice's published one.
    expect(errorOf((await detail(bob.token, bobs.id)).prediction).count).toBe(1);
    await ok(ts, 'patchBenchmark', { token: bob.token, params: { benchmark_id: bobs.id }, body: { published: true } });
    const seen = errorOf((await detail(alice.token, mine.id)).prediction);
    expect(seen.count).toBe(1);
    expect(seen.mean_log_ratio!).toBeCloseTo(Math.log(0.8), 2);
  });

  it('counts two benchmarks stored at the same moment, both', async () => {
    const where = setting({ software: { runtime: 'sglang', version: '0.5.0' } });
    const body = benchmark({ setting: where, published: true, metrics: metrics(3000) });
    await Promise.all([
      ok(ts, 'createBenchmark', { token: alice.token, body }),
      ok(ts, 'createBenchmark', { token: bob.token, body }),
    ]);
    const third = await ok(ts, 'createBenchmark', { token: alice.token, body });
    expect(errorOf(third.prediction).count).toBe(2);
  });

  it('is recomputed at start for benchmarks stored before it, or predicted by another perf-model', async () => {
    const where = setting({ hardware_config: { name: 'MI300X', count: 1 } });
    const first = await postAt(alice.token, where, 1.3);
    const second = await postAt(alice.token, where, 1.3);
    const db = ts.server.ctx.db;
    await db.deleteFrom('prediction_errors').where('benchmark_id', '=', first.id).execute();
    await db
      .updateTable('prediction_errors')
      .set({ model_fingerprint: 'an-older-model' })
      .where('benchmark_id', '=', second.id)
      .execute();
    // Neither counts now: one has no row, the other compares with a model no longer in use.
    expect(errorOf((await detail(alice.token, second.id)).prediction).count).toBe(0);
    expect(await rebuildPredictionErrors(db)).toBe(2);
    expect(await rebuildPredictionErrors(db)).toBe(0);
    const error = errorOf((await detail(alice.token, second.id)).prediction);
    expect(error.count).toBe(1);
    expect(error.mean_log_ratio!).toBeCloseTo(Math.log(1.3), 2);
  });

  it('is made from what was posted, the same as from the stored benchmark (a benchmark, and a trial)', async () => {
    const where = setting({ ml_model_name: 'Qwen/Qwen3-8B', hardware_config: { name: 'L40S', count: 1 } });
    const posted = await ok(ts, 'createBenchmark', { token: alice.token, body: benchmark({ setting: where }) });
    const s = await ok(ts, 'createSession', { token: alice.token, body: session({ setting: where }) });
    const {
      configs: [pending],
    } = await ok(ts, 'nextConfigs', { token: alice.token, params: { session_id: s.id }, body: { count: 1 } });
    const trial = await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: s.id },
      body: { pending_config_id: pending!.id, metrics: metrics(2500) },
    });
    const db = ts.server.ctx.db;
    for (const id of [posted.id, trial.benchmark_id!]) {
      const {
        runtime_options,
        metrics: measured,
        ...stored
      } = await db.selectFrom('benchmarks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { benchmark_id: _id, ...row } = await db
        .selectFrom('prediction_errors')
        .selectAll()
        .where('benchmark_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.pred_output_throughput).toBeGreaterThan(0);
      expect(row).toEqual(
        predictionErrorRow({ ...stored, runtime_options: JSON.parse(runtime_options) }, JSON.parse(measured)),
      );
    }
  });

  it('converges on a steady bias as benchmarks accumulate', () => {
    // A model that reads 20 % low on throughput: the correction after n benchmarks.
    const bias = Math.log(1.2);
    const figures = [1, 3, 10, 30].map((n) => correctionFactor(bias, n));
    expect(figures.map((f) => Number(f.toFixed(3)))).toEqual([1.047, 1.095, 1.151, 1.18]);
    expect(correctionFactor(null, 0)).toBe(1);
  });
});

describe('the best-setup report', () => {
  it('carries the prediction of its rows', async () => {
    const where = setting({ hardware_config: { name: 'H200', count: 1 } });
    await postAt(alice.token, where, 1.1);
    const report = await ok(ts, 'bestBenchmarkReport', {
      token: alice.token,
      query: { model_name: where.ml_model_name, hardware_name: 'H200', objective: 'output_throughput' },
    });
    expect(report.best.demo).toBe(false);
    expect(predicted(report.best.prediction).predicted.output_throughput).toBeGreaterThan(0);
  });
});
