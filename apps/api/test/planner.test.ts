import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanRequest } from '@mako/contract';
import { plan } from '../src/services/planner.ts';
import { benchmark, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer();
});
afterAll(() => ts.close());

const CHAT: PlanRequest = {
  model: 'meta-llama/Llama-3.1-8B-Instruct',
  workload: { input_len: 1024, output_len: 256 },
  slo: { percentile: 'p99', ttft_ms: 1000, tpot_ms: 50 },
};

describe('POST /planner/plan', () => {
  it('predicts every GPU × count × engine, feasible ones within the SLO and cheapest first', async () => {
    const result = await ok(ts, 'plan', { body: CHAT });
    expect(result.candidates).toHaveLength(7 * 4 * 3);
    const feasible = result.candidates.filter((c) => c.infeasible_reason === null);
    const firstInfeasible = result.candidates.findIndex((c) => c.infeasible_reason !== null);
    expect(feasible.length).toBeGreaterThan(10);
    // Feasible candidates come first, ordered by $/M tokens.
    expect(result.candidates.slice(0, feasible.length)).toEqual(feasible);
    expect(firstInfeasible === -1 || firstInfeasible === feasible.length).toBe(true);
    const costs = feasible.map((c) => c.cost_per_million_tokens!);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    for (const c of feasible) {
      expect(c.ttft_ms!).toBeLessThanOrEqual(1000);
      expect(c.tpot_ms!).toBeLessThanOrEqual(50);
      expect(c.max_concurrency!).toBeGreaterThanOrEqual(1);
      expect(c.output_throughput_per_gpu!).toBeGreaterThan(0);
      expect(c.output_throughput_per_user!).toBeGreaterThan(0);
      expect(c.error_band.output_tok_s.median_abs_error).toBeGreaterThan(0);
    }
    // The best single H100 holds more than one user at a time under this SLO.
    const h100 = feasible.find((c) => c.gpu === 'H100' && c.gpu_count === 1 && c.runtime === 'vllm')!;
    expect(h100.max_concurrency!).toBeGreaterThan(8);
    // Infeasible candidates stay in the answer with their reason.
    const trtOnAmd = result.candidates.find((c) => c.gpu === 'MI300X' && c.runtime === 'tensorrt-llm')!;
    expect(trtOnAmd.infeasible_reason).toBe('TensorRT-LLM runs on NVIDIA GPUs only');
    expect(trtOnAmd.max_concurrency).toBeNull();
    expect(result.workload).toEqual({ input_len: 1024, output_len: 256, benchmark_id: null });
  });

  it('says why a candidate cannot serve: out of memory, or the SLO missed by a single request', async () => {
    const big = await ok(ts, 'plan', {
      body: { ...CHAT, model: 'meta-llama/Llama-3.1-405B-Instruct', slo: { ttft_ms: 20_000 } },
    });
    const l4 = big.candidates.find((c) => c.gpu === 'L4' && c.gpu_count === 1 && c.runtime === 'vllm')!;
    expect(l4.infeasible_reason).toMatch(/^oom: /);
    const tight = await ok(ts, 'plan', { body: { ...CHAT, slo: { percentile: 'p50', tpot_ms: 0.5 } } });
    expect(tight.candidates.every((c) => c.infeasible_reason !== null)).toBe(true);
    expect(tight.candidates.find((c) => c.gpu === 'H100' && c.runtime === 'vllm')!.infeasible_reason).toMatch(
      /^SLO not met even by one request at a time: p50 TPOT .* ms > 0\.5 ms$/,
    );
  });

  it('refuses an unknown model with a 422 naming the field and the models it knows', async () => {
    const answer = await call(ts, 'plan', { body: { ...CHAT, model: 'org/no-such-model' } });
    expect(answer.status).toBe(422);
    const [issue] = detailOf(answer.body) as { loc: unknown[]; msg: string }[];
    expect(issue!.loc).toEqual(['body', 'model']);
    expect(issue!.msg).toMatch(
      /^Unknown model 'org\/no-such-model': the planner knows .*meta-llama\/Llama-3\.1-8B-Instruct/,
    );
  });

  it('wants one workload: lengths or a benchmark, and an SLO bound', async () => {
    const neither = await call(ts, 'plan', { body: { model: CHAT.model, slo: CHAT.slo } });
    expect(neither.status).toBe(422);
    expect(detailOf(neither.body)).toMatchObject([
      { loc: ['body', 'workload'], msg: 'Give either workload or benchmark_id' },
    ]);
    const noBound = await call(ts, 'plan', { body: { ...CHAT, slo: { percentile: 'p99' } } });
    expect(noBound.status).toBe(422);
    expect(detailOf(noBound.body)).toMatchObject([
      { loc: ['body', 'slo', 'ttft_ms'], msg: 'Give ttft_ms, tpot_ms or both' },
    ]);
  });

  it("plans for a stored benchmark's workload when the caller may see it", async () => {
    const alice = await signUp(ts);
    const bob = await signUp(ts);
    const stored = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ workload: { min_prompt: 256, max_prompt: 1024, output_len: 200 } }) }),
    });
    const body = { model: CHAT.model, benchmark_id: stored.id, slo: CHAT.slo };
    const mine = await ok(ts, 'plan', { token: alice.token, body });
    expect(mine.workload).toEqual({ input_len: 640, output_len: 200, benchmark_id: stored.id });
    expect(mine.candidates.some((c) => c.infeasible_reason === null)).toBe(true);
    expect((await call(ts, 'plan', { token: bob.token, body })).status).toBe(404);
    expect((await call(ts, 'plan', { body })).status).toBe(404);
  });
});

describe('the plan cache', () => {
  it('answers an identical request from memory, under whatever benchmark id it came with', async () => {
    const input = {
      model: CHAT.model,
      workload: { input_len: 300, output_len: 30 },
      slo: { percentile: 'p50' as const, ttft_ms: 400 },
      weight_dtype: 'bf16' as const,
    };
    const first = await plan(ts.server.ctx.db, input, null);
    const second = await plan(ts.server.ctx.db, { ...input, workload: { ...input.workload } }, null);
    // The same computed candidates, not a recomputation that happens to be equal.
    expect(second.candidates).toBe(first.candidates);
    const other = await plan(ts.server.ctx.db, { ...input, slo: { ...input.slo, ttft_ms: 401 } }, null);
    expect(other.candidates).not.toBe(first.candidates);
  });
});

describe('GET /planner/options', () => {
  it('lists the models and GPUs the performance model knows', async () => {
    const options = await ok(ts, 'plannerOptions');
    expect(options.models).toContain('meta-llama/Llama-3.1-8B-Instruct');
    expect(options.gpus.map((g) => g.name)).toEqual(['H100', 'H200', 'A100-80GB', 'L40S', 'L4', 'MI300X', 'B200']);
  });
});

describe('the planner under the burst limit', () => {
  it('refuses a third plan within the window from one address, on a budget apart from the survey’s', async () => {
    const limited = await startServer({ authRateLimit: { max: 2, windowS: 60 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(limited, 'plan', { body: CHAT })).status);
      expect(statuses).toEqual([200, 200, 429]);
      // The planner has a budget of its own: the survey from the same address still answers.
      const survey = await call(limited, 'submitSurvey', {
        body: { role: 'ml-engineer', serving_engines: ['vllm'], gpus_in_production: '1-8', biggest_pain: 'Cost' },
      });
      expect(survey.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
