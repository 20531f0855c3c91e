import { describe, expect, it } from 'vitest';
import {
  BenchmarkSearchQuery,
  PagingQuery,
  TuningResultCreate,
  buildOpenApi,
  buildPath,
  defaultConfig,
  defaultSearchSpace,
  endpoints,
  formatConstraints,
  launchCommand,
  parseConstraints,
  toColonPath,
  toValidationIssues,
  Workload,
} from '../src/index.ts';

/** The calls of SPEC §7, as method + path. Every one must be in the endpoint table. */
const SPEC_CALLS = [
  'POST /login/access-token',
  'POST /login/magic-link',
  'POST /magic-link',
  'POST /users/register/email-verification-token',
  'POST /users/register',
  'POST /login/google',
  'GET /users/me',
  'GET /settings',
  'GET /auth/server',
  'GET /auth/me',
  'POST /benchmarks',
  'GET /benchmarks/settings',
  'GET /benchmarks/settings/{setting_id}',
  'GET /benchmarks/by-setting/{setting_id}',
  'GET /benchmarks/by-setting/{setting_id}/no-session',
  'GET /benchmarks/by-id/{benchmark_id}',
  'GET /benchmarks/all',
  'GET /benchmarks/supported-runtime-options',
  'GET /benchmarks/best-benchmark-report',
  'DELETE /benchmarks/{benchmark_id}',
  'PATCH /benchmarks/{benchmark_id}',
  'POST /tuning/session',
  'GET /tuning/session/mine',
  'GET /tuning/session/{session_id}',
  'POST /tuning/session/{session_id}/results',
  'GET /tuning/session/{session_id}/results',
  'GET /tuning/session/{session_id}/best',
  'POST /tuning/session/{session_id}/next-configs',
  'GET /tuning/session/{session_id}/next-configs/{pending_config_id}',
];

describe('endpoint table', () => {
  const rows = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);

  it('holds every call of SPEC §7, marked as such', () => {
    for (const call of SPEC_CALLS) expect(rows, call).toContain(call);
    const marked = Object.values(endpoints)
      .filter((e) => e.spec)
      .map((e) => `${e.method} ${e.path}`);
    expect(marked.sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('has no duplicate routes and declares a params schema for every path parameter', () => {
    expect(new Set(rows).size).toBe(rows.length);
    for (const e of Object.values(endpoints)) {
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = 'params' in e && e.params ? Object.keys(e.params.shape) : [];
      expect(declared.sort(), e.path).toEqual(names.sort());
    }
  });

  it('generates an OpenAPI document with one operation per endpoint', () => {
    const doc = buildOpenApi('http://x') as { paths: Record<string, Record<string, { operationId: string }>> };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops.sort()).toEqual(Object.keys(endpoints).sort());
    const search = doc.paths['/benchmarks/all']?.get as unknown as { parameters: { name: string }[] };
    expect(search.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['constraints', 'verified', 'min_seq']),
    );
  });
});

describe('paths', () => {
  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(buildPath('/benchmarks/by-id/{benchmark_id}', { benchmark_id: 'a/b' })).toBe('/benchmarks/by-id/a%2Fb');
    expect(() => buildPath('/tuning/session/{session_id}', {})).toThrow(/session_id/);
    expect(toColonPath('/tuning/session/{session_id}/next-configs/{pending_config_id}')).toBe(
      '/tuning/session/:session_id/next-configs/:pending_config_id',
    );
  });
});

describe('query parsing', () => {
  it('defaults limit to 100 and offset to 0, and bounds them', () => {
    expect(PagingQuery.parse({})).toEqual({ limit: 100, offset: 0 });
    expect(PagingQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(PagingQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(PagingQuery.safeParse({ limit: 'ten' }).success).toBe(false);
  });

  it('parses every filter of /benchmarks/all and rejects bad values instead of ignoring them', () => {
    const q = BenchmarkSearchQuery.parse({
      request_rate: 'inf',
      verified: 'true',
      published: '0',
      constraints: 'ttft_ms.p99<=200, tpot_ms.p99 < 50',
      objective: 'output_throughput',
      min_seq: '1024',
    });
    expect(q).toMatchObject({ request_rate: 'inf', verified: true, published: false, min_seq: 1024, limit: 100 });
    expect(BenchmarkSearchQuery.safeParse({ verified: 'yes' }).success).toBe(false);
    expect(BenchmarkSearchQuery.safeParse({ objective: 'speed' }).success).toBe(false);
    expect(BenchmarkSearchQuery.safeParse({ constraints: 'ttft_ms.p99 about 200' }).success).toBe(false);
  });

  it('parses constraints into terms once, and names the field and the bad term when it cannot', () => {
    expect(BenchmarkSearchQuery.parse({ constraints: 'ttft_ms.p99<=200, tpot_ms.p99 < 50,' }).constraints).toEqual([
      { metric: 'ttft_ms.p99', op: '<=', value: 200 },
      { metric: 'tpot_ms.p99', op: '<', value: 50 },
    ]);
    expect(BenchmarkSearchQuery.parse({}).constraints).toBeUndefined();
    const bad = BenchmarkSearchQuery.safeParse({ constraints: 'ttft_ms.p99<=200,speed>=3' });
    expect(bad.success).toBe(false);
    if (bad.success) return;
    expect(toValidationIssues('query', bad.error)).toEqual([
      { loc: ['query', 'constraints'], msg: "Unknown metric 'speed' in constraint 'speed>=3'", type: 'custom' },
    ]);
    expect(BenchmarkSearchQuery.safeParse({ constraints: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('round-trips constraints and names the bad term', () => {
    const parsed = parseConstraints('ttft_ms.p99<=200,output_throughput>=1e3');
    expect(parsed).toEqual({
      ok: true,
      value: [
        { metric: 'ttft_ms.p99', op: '<=', value: 200 },
        { metric: 'output_throughput', op: '>=', value: 1000 },
      ],
    });
    if (parsed.ok) expect(formatConstraints(parsed.value)).toBe('ttft_ms.p99<=200,output_throughput>=1000');
    expect(parseConstraints('foo<=1')).toEqual({ ok: false, error: "Unknown metric 'foo' in constraint 'foo<=1'" });
  });
});

describe('bodies', () => {
  it('turns zod issues into FastAPI 422 details', () => {
    const r = Workload.safeParse({ dataset: 'random', num_requests: 0 });
    expect(r.success).toBe(false);
    if (r.success) return;
    const issues = toValidationIssues('body', r.error);
    expect(issues[0]).toMatchObject({ loc: ['body', 'num_requests'], type: 'too_small' });
  });

  it('demands exactly one of metrics or failure in a tuning result', () => {
    expect(TuningResultCreate.safeParse({ pending_config_id: 'p' }).success).toBe(false);
    expect(
      TuningResultCreate.safeParse({ pending_config_id: 'p', failure: { kind: 'oom', message: 'CUDA out of memory' } })
        .success,
    ).toBe(true);
  });
});

describe('runtime options', () => {
  it('keeps tensor parallelism a power of two within the GPU count', () => {
    const space = defaultSearchSpace('vllm', 4);
    const tp = space.parameters.find((p) => p.name === 'tensor_parallel_size');
    expect(tp).toEqual({ kind: 'categorical', name: 'tensor_parallel_size', choices: [1, 2, 4] });
    expect(defaultSearchSpace('vllm', 1).parameters.some((p) => p.name === 'tensor_parallel_size')).toBe(false);
    expect(space.rules).toContainEqual({
      left: 'max_num_batched_tokens',
      op: '>=',
      right: { setting: 'max_seq_length' },
      when: { param: 'enable_chunked_prefill', equals: false },
    });
  });

  it('renders launch commands as each engine spells its flags', () => {
    expect(
      launchCommand('vllm', 'meta-llama/Llama-3.1-8B-Instruct', {
        max_num_seqs: 512,
        enable_prefix_caching: false,
        tensor_parallel_size: 2,
      }),
    ).toBe(
      'vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2 --max-num-seqs 512 --no-enable-prefix-caching',
    );
    expect(launchCommand('sglang', 'Qwen/Qwen3-8B', { disable_radix_cache: true, enable_mixed_chunk: false })).toBe(
      'python -m sglang.launch_server --model-path Qwen/Qwen3-8B --disable-radix-cache',
    );
    expect(launchCommand('tensorrt-llm', "it's", { tp_size: 2 })).toBe(`trtllm-serve 'it'"'"'s' --tp_size 2`);
    expect(defaultConfig('vllm')).toMatchObject({ max_num_seqs: 256, gpu_memory_utilization: 0.9 });
  });
});
