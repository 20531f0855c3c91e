import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, buildPath, endpoints, type EndpointDef, type EndpointName } from '@mako/contract';
import { RECORD_KEY, contractStringFields, type Part, type Segment } from './contract-string-fields.ts';
import { benchmark, clientReport, metrics, session, setting } from './fixtures.ts';
import { ok, signUp, startServer, type TestServer } from './helpers.ts';

/*
 * Sweeps every string the contract's request schemas accept: each one, alone, carries a NUL and
 * then a lone UTF-16 surrogate in an otherwise valid request, and must come back as a 422 naming
 * that field, with no row written and no mail sent. The fields are found by walking the zod
 * schemas of the endpoint table, so a field added later is swept without anyone listing it.
 */

// ---- Building the requests ------------------------------------------------------------------------

type Json = unknown;
type Parts = { params?: Record<string, string>; query?: Record<string, string>; body?: Json };

/** A copy of `root` with `value` at `path`, creating the objects and arrays on the way. */
function withValueAt(root: Json, path: Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (typeof head === 'number') {
    const array = Array.isArray(root) ? [...(root as Json[])] : [];
    array[head] = withValueAt(array[head], rest, value);
    return array;
  }
  const object = root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...root } : {};
  (object as Record<string, Json>)[head] = withValueAt((object as Record<string, Json>)[head], rest, value);
  return object;
}

/** A copy of `root` whose record at `path` also has the entry `key: 1`. */
function withKeyAt(root: Json, path: Segment[], key: string): Json {
  const record = path.reduce<Json>((node, segment) => (node as Record<Segment, Json> | undefined)?.[segment], root);
  return withValueAt(root, path, { ...(record as object), [key]: 1 });
}

/** The two kinds of text no store keeps, as JSON carries them and as a URL or form must spell them. */
const BAD = [
  {
    name: 'a NUL',
    text: 'bad\u0000text',
    encoded: 'bad%00text',
    msg: 'String must not contain a NUL character',
    type: 'string_nul',
  },
  {
    name: 'a lone surrogate',
    text: 'bad\ud800text',
    // A URL has no other way to say it than the three bytes of WTF-8.
    encoded: 'bad%ED%A0%80text',
    msg: 'String must not contain an unpaired UTF-16 surrogate',
    type: 'string_unpaired_surrogate',
  },
] as const;

const encodeForm = (values: Record<string, string>, raw: Record<string, string> = {}) =>
  [
    ...Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    ...Object.entries(raw).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
  ].join('&');

interface Sent {
  status: number;
  body: unknown;
}

async function send(ts: TestServer, endpoint: EndpointName, parts: Parts, token: string, raw: RawPart): Promise<Sent> {
  const def: EndpointDef = endpoints[endpoint];
  const params = { ...parts.params };
  let url = `${ts.baseUrl}${API_PREFIX}${buildPath(def.path, params)}`;
  if (raw.part === 'path') url = url.replace(encodeURIComponent(params[raw.name]!), raw.encoded);
  const query = { ...parts.query };
  if (raw.part === 'query') delete query[raw.name];
  const search = encodeForm(query, raw.part === 'query' ? { [raw.name]: raw.encoded } : {});
  if (search) url += `?${search}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (def.auth !== 'none') headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (def.bodyType === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = { ...(parts.body as Record<string, string>) };
    if (raw.part === 'body') delete form[raw.name];
    body = encodeForm(form, raw.part === 'body' ? { [raw.name]: raw.encoded } : {});
  } else if (parts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(parts.body);
  }
  const response = await fetch(url, { method: def.method, headers, ...(body !== undefined ? { body } : {}) });
  return { status: response.status, body: await response.json() };
}

/** A value that travels percent-encoded (path, query, form) is spliced in as written, not re-encoded. */
type RawPart = { part: Part | null; name: string; encoded: string };

// ---- The sweep -------------------------------------------------------------------------------------

let ts: TestServer;
let token: string;
let baselines: Record<string, Parts>;

beforeAll(async () => {
  ts = await startServer();
  const user = await signUp(ts);
  token = user.token;
  const stored = await ok(ts, 'createBenchmark', { token, body: benchmark() });
  const tuning = await ok(ts, 'createSession', { token, body: session() });
  const leased = await ok(ts, 'nextConfigs', { token, params: { session_id: tuning.id } });
  const apiToken = await ok(ts, 'createApiToken', { token, body: { name: 'sweep' } });
  const registryToken = await ok(ts, 'createRegistryToken', { token, body: { name: 'sweep' } });
  const serve = await ok(ts, 'createServeRequest', {
    token,
    body: { ml_model_name: 'm', hardware_config: { name: 'H100', count: 1 }, objective: 'output_throughput' },
  });
  const checkout = await ok(ts, 'createCheckout', { token, body: { plan_id: 'pro' } });
  const sweepLevel = {
    load: 8,
    benchmark_id: stored.id,
    passed: true,
    slo_met: 0.95,
    completed: 100,
    failed: 0,
    request_throughput: 4,
    output_throughput: 400,
    goodput: 3.8,
    ttft_p99_ms: 200,
    tpot_p99_ms: 20,
    e2el_p99_ms: 2000,
  };
  const sweepBody = {
    setting: benchmark().setting,
    runtime_options: { max_num_seqs: 256, kv_cache_dtype: 'fp8' },
    over: 'concurrency' as const,
    slo: { ttft_ms: 500 },
    attainment: 0.9,
    levels: [sweepLevel],
    notes: 'driver 550',
  };
  const sweep = await ok(ts, 'createSweep', { token, body: sweepBody });

  const pageQuery = { limit: '10', offset: '0' };
  const ownedQuery = { ...pageQuery, owned_by: 'me' };
  const benchmarkId = { benchmark_id: stored.id };
  const sessionId = { session_id: tuning.id };
  const settingId = { setting_id: stored.setting.id };
  const tokenId = { token_id: apiToken.token.id };
  const requestId = { request_id: serve.id };
  // Valid calls, rich enough that optional and union-typed strings are present where they can be.
  baselines = {
    login: {
      body: {
        grant_type: 'password',
        username: user.email,
        password: 'a password',
        scope: '',
        client_id: 'web',
        client_secret: 'x',
      },
    },
    loginMagicLink: { body: { token: 'a'.repeat(43) } },
    sendMagicLink: { body: { email: 'sweep@example.com', application: 'MakoOptimize' } },
    sendVerificationEmail: { body: { email: 'sweep@example.com', application: 'MakoOptimize' } },
    register: { body: { email_verification_token: 'a'.repeat(43) } },
    loginGoogle: { body: { id_token: 'a.b.c' } },
    changePassword: { body: { current_password: 'an old password', new_password: 'a new password' } },
    logoutAll: { body: { revoke_api_tokens: false } },
    authMe: { query: { name: 'runner-1' } },
    createBenchmark: {
      body: benchmark({
        session_id: tuning.id,
        runtime_options: { max_num_seqs: 256, kv_cache_dtype: 'fp8' },
        notes: 'driver 550',
        client: clientReport(true),
      }),
    },
    listSettings: { query: ownedQuery },
    getSetting: { params: settingId },
    listBySetting: { params: settingId, query: ownedQuery },
    listBySettingNoSession: { params: settingId, query: ownedQuery },
    getBenchmark: { params: benchmarkId },
    searchBenchmarks: {
      query: {
        ...pageQuery,
        max_seq_length: '4096',
        num_requests: '1000',
        dataset: 'random',
        request_rate: '10',
        output_len: '256',
        min_prompt: '0',
        max_prompt: '2048',
        min_output: '0',
        max_output: '512',
        min_seq: '1',
        max_seq: '8192',
        software_version: '0.11.0',
        model_name: 'meta-llama/Llama-3.1-8B-Instruct',
        hardware_name: 'H100',
        objective: 'output_throughput',
        constraints: 'ttft_ms.p99<=500',
        verified: 'false',
        published: 'true',
      },
    },
    bestBenchmarkReport: { query: { model_name: 'm', hardware_name: 'H100', objective: 'output_throughput' } },
    deleteBenchmark: { params: benchmarkId },
    patchBenchmark: { params: benchmarkId, body: { published: false, notes: 'n', cost_per_million_tokens: null } },
    createSession: {
      query: { name: 'sweep' },
      body: session({
        setting: setting(),
        constraints: [{ metric: 'ttft_ms.p99', op: '<=', value: 500 }],
        search_space: {
          parameters: [
            {
              kind: 'int',
              name: 'max_num_seqs',
              low: 8,
              high: 512,
              when: { param: 'enable_chunked_prefill', equals: true },
            },
            { kind: 'bool', name: 'enable_chunked_prefill' },
            { kind: 'categorical', name: 'kv_cache_dtype', choices: ['auto', 'fp8'] },
          ],
          rules: [
            {
              left: 'max_num_seqs',
              op: '<=',
              right: { param: 'max_num_seqs' },
              when: { param: 'kv_cache_dtype', equals: 'fp8' },
            },
          ],
        },
      }),
    },
    mySessions: { query: pageQuery },
    getSession: { params: sessionId },
    postResult: { params: sessionId, body: { pending_config_id: leased.configs[0]!.id, metrics: metrics(5000) } },
    listResults: { params: sessionId, query: pageQuery },
    getBest: { params: sessionId },
    getSessionInsights: { params: sessionId },
    nextConfigs: { params: sessionId, query: { name: 'runner-1' }, body: { count: 1 } },
    getPendingConfig: { params: { ...sessionId, pending_config_id: leased.configs[0]!.id } },
    releaseConfig: { params: { ...sessionId, pending_config_id: leased.configs[0]!.id } },
    renewLease: { params: { ...sessionId, pending_config_id: leased.configs[0]!.id } },
    publicBenchmark: { params: benchmarkId },
    publicSetting: { params: settingId },
    publicTuningSession: { params: sessionId },
    shareSession: { params: sessionId, body: { shared: false } },
    listApiTokens: { query: pageQuery },
    createApiToken: { body: { name: 'runner', expires_in_days: 30 } },
    revokeApiToken: { params: tokenId },
    listRegistryTokens: { query: pageQuery },
    createRegistryToken: { body: { name: 'pull', scope: 'pull', expires_in_days: 30 } },
    revokeRegistryToken: { params: { token_id: registryToken.token.id } },
    listServeRequests: { query: pageQuery },
    createServeRequest: {
      body: {
        ml_model_name: 'm',
        hardware_config: { name: 'H100', count: 1 },
        objective: 'output_throughput',
        runtime: 'vllm',
      },
    },
    getServeRequest: { params: requestId },
    deleteServeRequest: { params: requestId },
    createCheckout: { body: { plan_id: 'pro' } },
    confirmCheckout: { body: { session_id: checkout.id } },
    submitSurvey: {
      body: {
        name: 'Ada',
        email: 'ada@example.com',
        role: 'researcher',
        serving_engines: ['vllm'],
        gpus_in_production: '1-8',
        biggest_pain: 'cold starts',
        wants_demo: false,
      },
    },
    createSweep: { body: sweepBody },
    updateSweep: { params: { sweep_id: sweep.id }, body: { levels: [sweepLevel], complete: true } },
    getSweep: { params: { sweep_id: sweep.id } },
    listSweeps: { query: { ...pageQuery, benchmark_id: stored.id } },
    plan: {
      body: {
        model: 'meta-llama/Llama-3.1-8B-Instruct',
        workload: { input_len: 8, output_len: 8 },
        slo: { ttft_ms: 1000 },
      },
    },
  };
});
afterAll(async () => {
  await ts?.close();
});

/** The burst limit counts every anonymous auth call, refused ones too: that row is meant to change. */
const COUNTS_REQUESTS = new Set(['rate_limits']);

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await ts.server.ctx.db.introspection.getTables()) {
    if (COUNTS_REQUESTS.has(table.name)) continue;
    const row = await ts.server.ctx.db
      .selectFrom(table.name as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table.name] = Number(row.n);
  }
  return counts;
}

describe('text no database can keep', () => {
  const fields = contractStringFields();

  it('finds the strings of the contract', () => {
    // The sixteen fields of the report are among them; far more exist.
    expect(fields.length).toBeGreaterThan(16);
    for (const [endpoint, part, path] of [
      ['searchBenchmarks', 'query', ['model_name']],
      ['login', 'body', ['username']],
      ['authMe', 'query', ['name']],
      ['patchBenchmark', 'body', ['notes']],
      ['submitSurvey', 'body', ['biggest_pain']],
      ['createApiToken', 'body', ['name']],
      ['createBenchmark', 'body', ['runtime_options', RECORD_KEY]],
      ['createSession', 'body', ['search_space', 'parameters', 0, 'choices', 0]],
      ['createSession', 'body', ['search_space', 'rules', 0, 'right', 'param']],
    ] as const)
      expect(fields).toContainEqual({ endpoint, part, path, key: false });
  });

  it('has a valid baseline call for every endpoint with an input', () => {
    for (const [endpoint, def] of Object.entries(endpoints) as [EndpointName, EndpointDef][]) {
      const base = baselines[endpoint];
      if (!def.params && !def.query && !def.body) continue;
      expect(base, endpoint).toBeDefined();
      for (const [schema, value] of [
        [def.params, base!.params],
        [def.query, base!.query],
        [def.body, base!.body],
      ] as const) {
        if (!schema) continue;
        const parsed = schema.safeParse(value ?? {});
        expect(parsed.success, `${endpoint}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });

  it('refuses a NUL or a lone surrogate in each of them with a 422 naming it, before any write', async () => {
    const before = await rowCounts();
    const mailsBefore = ts.smtp.messages.length;
    let swept = 0;
    const failures: string[] = [];
    for (const field of fields) {
      const base = baselines[field.endpoint]!;
      for (const bad of BAD) {
        let parts: Parts = base;
        let raw: RawPart = { part: null, name: '', encoded: '' };
        let loc: Segment[];
        if (field.part === 'body' && (endpoints[field.endpoint] as EndpointDef).bodyType !== 'form') {
          const body = field.key
            ? withKeyAt(base.body, field.path, bad.text)
            : withValueAt(base.body, field.path, bad.text);
          parts = { ...base, body };
          loc = ['body', ...(field.key ? [...field.path, bad.text] : field.path)];
        } else {
          // Path, query and form fields are flat: percent-encoded text on the wire.
          const name = field.path[0] as string;
          const current = (field.part === 'path' ? base.params : field.part === 'query' ? base.query : base.body) as
            Record<string, string> | undefined;
          if (field.part === 'path' && current?.[name] === undefined)
            throw new Error(`no ${name} for ${field.endpoint}`);
          raw = { part: field.part, name, encoded: bad.encoded };
          loc = [field.part, name];
        }
        const answer = await send(ts, field.endpoint, parts, token, raw);
        // A URL path is decoded by the router, which refuses one that is not UTF-8 before any
        // route (or field name) is known: the surrogate's only spelling gets a 400 there.
        const expected =
          field.part === 'path' && bad.name === 'a lone surrogate'
            ? { status: 400, body: { detail: 'Bad Request' } }
            : { status: 422, body: { detail: [{ loc, msg: bad.msg, type: bad.type }] } };
        try {
          expect(answer).toEqual(expected);
        } catch {
          failures.push(
            `${field.endpoint} ${JSON.stringify(loc)} with ${bad.name}: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        }
      }
      swept++;
    }
    expect(failures).toEqual([]);
    expect(swept).toBe(fields.length);
    expect(await rowCounts()).toEqual(before);
    expect(ts.smtp.messages.length).toBe(mailsBefore);
  });
});
