import { describe, expect, it } from 'vitest';
import { PlanRequest, PlanResult, buildOpenApi, endpoints, toValidationIssues } from '../src/index.ts';

const valid = {
  model: 'meta-llama/Llama-3.1-8B-Instruct',
  workload: { input_len: 1024, output_len: 256 },
  slo: { ttft_ms: 1000 },
};

const issues = (value: unknown) => {
  const parsed = PlanRequest.safeParse(value);
  return parsed.success ? [] : toValidationIssues('body', parsed.error).map((i) => [i.loc.join('.'), i.msg]);
};

describe('PlanRequest', () => {
  it('defaults the percentile to p99 and the weights to bf16', () => {
    expect(PlanRequest.parse(valid)).toEqual({
      ...valid,
      slo: { percentile: 'p99', ttft_ms: 1000 },
      weight_dtype: 'bf16',
    });
  });

  it('takes a benchmark id instead of lengths, never both or neither', () => {
    expect(issues({ model: valid.model, benchmark_id: 'b-1', slo: valid.slo })).toEqual([]);
    expect(issues({ ...valid, benchmark_id: 'b-1' })).toEqual([
      ['body.workload', 'Give either workload or benchmark_id'],
    ]);
    expect(issues({ model: valid.model, slo: valid.slo })).toEqual([
      ['body.workload', 'Give either workload or benchmark_id'],
    ]);
  });

  it('needs at least one latency bound, positive, and whole token counts', () => {
    expect(issues({ ...valid, slo: { percentile: 'p50' } })).toEqual([
      ['body.slo.ttft_ms', 'Give ttft_ms, tpot_ms or both'],
    ]);
    expect(issues({ ...valid, slo: { tpot_ms: -1 } })[0]?.[0]).toBe('body.slo.tpot_ms');
    expect(issues({ ...valid, slo: { ttft_ms: 100, percentile: 'p95' } })[0]?.[0]).toBe('body.slo.percentile');
    expect(issues({ ...valid, workload: { input_len: 10.5, output_len: 0 } }).map(([loc]) => loc)).toEqual([
      'body.workload.input_len',
      'body.workload.output_len',
    ]);
    expect(issues({ ...valid, model: '  ' })[0]?.[0]).toBe('body.model');
  });
});

describe('the planner rows', () => {
  it('are open to anonymous callers under the burst limit, and in the OpenAPI document', () => {
    expect(endpoints.plan).toMatchObject({ method: 'POST', path: '/planner/plan', auth: 'optional' });
    expect(endpoints.plan.errors).toContain(429);
    expect(endpoints.plannerOptions.errors).toContain(429);
    const doc = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/planner/plan'] ?? {})).toEqual(['post']);
  });

  it('refuses a result whose candidate lacks its error band', () => {
    const candidate = {
      gpu: 'H100',
      gpu_count: 1,
      runtime: 'vllm',
      infeasible_reason: null,
      max_concurrency: 32,
      request_rate: 4,
      output_throughput_per_gpu: 2000,
      output_throughput_per_user: 40,
      ttft_ms: 300,
      tpot_ms: 25,
      cost_per_million_tokens: 0.4,
    };
    const result = {
      model: valid.model,
      workload: { ...valid.workload, benchmark_id: null },
      slo: { percentile: 'p99', ttft_ms: 1000 },
      weight_dtype: 'bf16',
    };
    expect(PlanResult.safeParse({ ...result, candidates: [candidate] }).success).toBe(false);
    const band = { median_abs_error: 0.14, p90_abs_error: 0.5, points: 192, basis: 'all' };
    const banded = { ...candidate, error_band: { output_tok_s: band, ttft: band, tpot: band } };
    expect(PlanResult.safeParse({ ...result, candidates: [banded] }).success).toBe(true);
  });
});
