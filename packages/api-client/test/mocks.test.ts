import {
  AnyErrorBody,
  ApiToken,
  ApiTokenCreated,
  AuthMe,
  AuthServer,
  Benchmark,
  BenchmarkSetting,
  BestBenchmarkReport,
  CheckoutSession,
  PendingConfig,
  Plan,
  PlannerOptions,
  PlanResult,
  RegistryToken,
  RegistryTokenCreated,
  ServeRequest,
  SiteSettings,
  Subscription,
  SupportedRuntimeOptions,
  SurveyResponse,
  TuningBest,
  TuningResult,
  TuningSession,
  User,
  endpoints,
  type EndpointName,
  type QueryOf,
} from '@mako/contract';
import { HealthStatus } from '@mako/contract';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/core/errors.ts';
import { request, type RequestArgs } from '../src/request.ts';
import { getStoredToken } from '../src/token-storage.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { handlerFor, handlers, tuningErrorHandlers, SLOW_DELAY_MS } from '../src/mocks/handlers.ts';
import { mockEndpoint } from '../src/mocks/mock-endpoint.ts';
import { bodies, ids } from './samples.ts';
import { server } from './server.ts';

/** Parsing must neither fail nor change anything: a stripped extra field or an applied default is drift too. */
function expectExact(schema: z.ZodMiniType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(parsed.data).toEqual(value);
}

describe('fixtures satisfy the contract', () => {
  const cases: [string, z.ZodMiniType, unknown][] = [
    ['user', User, fx.user],
    ['settings', SiteSettings, fx.settings],
    ['settingsWithGoogle', SiteSettings, fx.settingsWithGoogle],
    ['authServer', AuthServer, fx.authServer],
    ['authMe', AuthMe, fx.authMe],
    ['health', HealthStatus, fx.health],
    ['benchmarkSettings', z.array(BenchmarkSetting), fx.benchmarkSettings],
    ['benchmarks', z.array(Benchmark), fx.benchmarks],
    ['benchmarkRows', z.array(Benchmark), fx.benchmarkRows],
    ['bestBenchmarkReport', BestBenchmarkReport, fx.bestBenchmarkReport],
    ['supportedRuntimeOptions', SupportedRuntimeOptions, fx.supportedRuntimeOptions],
    ['sessions', z.array(TuningSession), fx.sessions],
    ['results', z.array(TuningResult), Object.values(fx.resultsBySession).flat()],
    ['pendingConfigs', z.array(PendingConfig), fx.pendingConfigs],
    ['bests', z.array(TuningBest), Object.values(fx.bestBySession)],
    ['apiTokens', z.array(ApiToken), fx.apiTokens],
    ['apiTokenCreated', ApiTokenCreated, fx.apiTokenCreated],
    ['registryTokens', z.array(RegistryToken), fx.registryTokens],
    ['registryTokenCreated', RegistryTokenCreated, fx.registryTokenCreated],
    ['serveRequests', z.array(ServeRequest), fx.serveRequests],
    ['plans', z.array(Plan), fx.plans],
    ['subscription', Subscription, fx.subscription],
    ['proSubscription', Subscription, fx.proSubscription],
    ['checkoutSession', CheckoutSession, fx.checkoutSession],
    ['surveyResponse', SurveyResponse, fx.surveyResponse],
    ['plan', PlanResult, fx.plan],
    ['infeasiblePlan', PlanResult, fx.infeasiblePlan],
    ['plannerOptions', PlannerOptions, fx.plannerOptions],
  ];
  it.each(cases)('%s', (_name, schema, value) => expectExact(schema, value));
});

describe('fixtures are realistic', () => {
  it('cover the usual models, GPUs and engines', () => {
    const models = new Set(fx.benchmarkSettings.map((s) => s.ml_model_name));
    expect(models).toEqual(
      new Set(['meta-llama/Llama-3.1-8B-Instruct', 'Qwen/Qwen3-32B', 'meta-llama/Llama-3.3-70B-Instruct']),
    );
    const gpus = new Set(fx.benchmarkSettings.map((s) => `${s.hardware_config.count}x ${s.hardware_config.name}`));
    expect(gpus).toEqual(new Set(['1x H100', '2x H100', '8x H100', '1x A100-80GB', '1x MI300X', '1x L40S']));
    expect(new Set(fx.benchmarkSettings.map((s) => s.software.runtime))).toEqual(
      new Set(['vllm', 'sglang', 'tensorrt-llm']),
    );
  });

  it('keep throughput and latency figures consistent', () => {
    for (const b of fx.benchmarks) {
      const m = b.metrics;
      expect(m.total_token_throughput).toBeCloseTo(m.input_throughput + m.output_throughput, 0);
      expect(m.output_throughput * m.duration_s).toBeCloseTo(m.total_output_tokens, -2);
      for (const stat of [m.ttft_ms, m.tpot_ms, m.itl_ms, m.e2el_ms]) {
        expect(stat.p50).toBeLessThanOrEqual(stat.p90);
        expect(stat.p90).toBeLessThanOrEqual(stat.p95);
        expect(stat.p95).toBeLessThanOrEqual(stat.p99);
      }
      expect(b.output_throughput_per_gpu).toBeCloseTo(m.output_throughput / b.setting.hardware_config.count, 1);
    }
    const counts = new Map(fx.benchmarkSettings.map((s) => [s.id, s.benchmark_count]));
    for (const s of fx.benchmarkSettings)
      expect(fx.benchmarks.filter((b) => b.setting.id === s.id).length).toBe(counts.get(s.id));
  });

  it('include a running session with oom and crash failures, infeasible trials and a best result', () => {
    const results = fx.resultsBySession[fx.runningSession.id] ?? [];
    expect(results.map((r) => r.failure?.kind ?? (r.feasible ? 'feasible' : 'infeasible'))).toEqual([
      'feasible',
      'oom',
      'feasible',
      'crash',
      'infeasible',
      'feasible',
      'feasible',
      'infeasible',
    ]);
    expect(fx.runningSession.counts).toEqual({ evaluated: 8, pending: 2, failed: 2 });
    expect(fx.runningSession.best?.trial_number).toBe(6);
    expect(fx.bestBySession[fx.runningSession.id]?.launch_command).toBe(
      'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 320 --max-num-batched-tokens 12288 --gpu-memory-utilization 0.93 --enable-chunked-prefill --kv-cache-dtype fp8',
    );
    expect(fx.pendingConfigs.filter((p) => p.session_id === fx.runningSession.id).map((p) => p.trial_number)).toEqual([
      9, 10,
    ]);
  });

  it('price the plans in whole dollars', () => {
    expect(fx.plans.map((p) => [p.id, p.price_usd_month])).toEqual([
      ['free', 0],
      ['pro', 99],
      ['enterprise', 499],
    ]);
  });

  it('mint access tokens the client accepts, and expired ones it drops', () => {
    localStorage.setItem('access_token', fx.mockAccessToken(60));
    expect(getStoredToken()).not.toBeNull();
    localStorage.setItem('access_token', fx.mockAccessToken(-60));
    expect(getStoredToken()).toBeNull();
  });
});

/** A valid call of every endpoint against ids the fixtures know. */
const calls: { [N in EndpointName]: RequestArgs<N> } = {
  login: [{ body: { username: 'ada@example.com', password: 'pw-1234567' } }],
  loginMagicLink: [{ body: { token: 'magic' } }],
  sendMagicLink: [{ body: { email: 'ada@example.com', application: 'MakoOptimize' } }],
  sendVerificationEmail: [{ body: { email: 'ada@example.com', application: 'MakoOptimize' } }],
  register: [{ body: { email_verification_token: 'verify' } }],
  loginGoogle: [{ body: { id_token: 'google' } }],
  me: [],
  changePassword: [{ body: bodies.changePassword }],
  logoutAll: [],
  getSettings: [],
  getAuthServer: [],
  authMe: [],
  health: [],
  createBenchmark: [{ body: bodies.createBenchmark }],
  listSettings: [],
  getSetting: [{ params: { setting_id: ids.setting } }],
  listBySetting: [{ params: { setting_id: ids.setting } }],
  listBySettingNoSession: [{ params: { setting_id: ids.setting } }],
  getBenchmark: [{ params: { benchmark_id: ids.benchmark } }],
  searchBenchmarks: [],
  supportedRuntimeOptions: [],
  bestBenchmarkReport: [
    {
      query: { model_name: 'meta-llama/Llama-3.1-8B-Instruct', hardware_name: 'H100', objective: 'output_throughput' },
    },
  ],
  deleteBenchmark: [{ params: { benchmark_id: ids.benchmark } }],
  patchBenchmark: [{ params: { benchmark_id: ids.benchmark }, body: bodies.patchBenchmark }],
  createSession: [{ body: bodies.createSession }],
  mySessions: [],
  getSession: [{ params: { session_id: ids.session } }],
  postResult: [{ params: { session_id: ids.session }, body: bodies.postResult }],
  listResults: [{ params: { session_id: ids.session } }],
  getBest: [{ params: { session_id: ids.session } }],
  getSessionInsights: [{ params: { session_id: ids.session } }],
  nextConfigs: [{ params: { session_id: ids.session }, body: { count: 2 } }],
  getPendingConfig: [{ params: { session_id: ids.session, pending_config_id: ids.pendingConfig } }],
  releaseConfig: [{ params: { session_id: ids.session, pending_config_id: ids.pendingConfig } }],
  renewLease: [{ params: { session_id: ids.session, pending_config_id: ids.pendingConfig } }],
  listApiTokens: [],
  createApiToken: [{ body: bodies.createApiToken }],
  revokeApiToken: [{ params: { token_id: ids.apiToken } }],
  listRegistryTokens: [],
  createRegistryToken: [{ body: bodies.createRegistryToken }],
  revokeRegistryToken: [{ params: { token_id: ids.registryToken } }],
  listServeRequests: [],
  createServeRequest: [{ body: bodies.createServeRequest }],
  getServeRequest: [{ params: { request_id: ids.serveRequest } }],
  deleteServeRequest: [{ params: { request_id: ids.serveRequest } }],
  listPlans: [],
  getSubscription: [],
  createCheckout: [{ body: { plan_id: 'pro' } }],
  confirmCheckout: [{ body: { session_id: fx.checkoutSession.id } }],
  submitSurvey: [{ body: bodies.submitSurvey }],
  publicBenchmark: [{ params: { benchmark_id: ids.publishedBenchmark } }],
  publicSetting: [{ params: { setting_id: ids.setting } }],
  publicTuningSession: [{ params: { session_id: ids.sharedSession } }],
  shareSession: [{ params: { session_id: ids.sharedSession }, body: { shared: true } }],
  plannerOptions: [],
  plan: [{ body: bodies.plan }],
  createSweep: [{ body: bodies.createSweep }],
  updateSweep: [{ params: { sweep_id: ids.sweep }, body: { levels: [], complete: true } }],
  getSweep: [{ params: { sweep_id: ids.sweep } }],
  listSweeps: [],
};

const call = <N extends EndpointName>(name: N) => request(name, ...(calls[name] as RequestArgs<N>));
const names = Object.keys(endpoints) as EndpointName[];

/** Endpoints whose "empty" answer is a 404 because there is nothing to show. */
const EMPTY_IS_404 = new Set<EndpointName>(['getBest', 'bestBenchmarkReport']);

describe('scenario handlers', () => {
  it.each(names)('%s: success and empty answers parse with the response schema', async (name) => {
    server.use(handlerFor(name, 'success'));
    await expect(call(name)).resolves.toBeDefined();
    server.use(handlerFor(name, 'empty'));
    if (EMPTY_IS_404.has(name)) {
      await expect(call(name)).rejects.toMatchObject({ status: 404 });
    } else {
      const answer = await call(name);
      const page = answer as { data?: unknown[]; count?: number };
      if (Array.isArray(page.data)) expect(page).toEqual({ data: [], count: 0 });
    }
  });

  it.each(names)('%s: the error answer is a FastAPI error body with a failing status', async (name) => {
    server.use(handlerFor(name, 'error'));
    const error = (await call(name).then(
      () => null,
      (e: unknown) => e,
    )) as ApiError | null;
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.status).toBeGreaterThanOrEqual(400);
    expect(AnyErrorBody.safeParse(error!.body).success).toBe(true);
  });

  it('the error scenario refuses session creation with 403 and next-configs with 409', async () => {
    server.use(...handlers.error);
    await expect(call('createSession')).rejects.toMatchObject({
      status: 403,
      message: 'User is not allowed to create new tuning session',
    });
    await expect(call('nextConfigs')).rejects.toMatchObject({
      status: 409,
      message: 'Need to wait for pending evaluations',
    });
    await expect(call('createApiToken')).rejects.toMatchObject({ status: 422, message: 'Validation Error' });
  });

  it('the named tuning refusals answer 403, 409, 410 and 500 with the SPEC messages', async () => {
    server.use(tuningErrorHandlers.createSessionForbidden);
    await expect(call('createSession')).rejects.toMatchObject({ kind: 'session-forbidden' });
    server.use(tuningErrorHandlers.pendingEvaluations);
    await expect(call('nextConfigs')).rejects.toMatchObject({ kind: 'pending-evaluations', status: 409 });
    server.use(tuningErrorHandlers.searchComplete);
    await expect(call('nextConfigs')).rejects.toMatchObject({ kind: 'search-complete', status: 410 });
    server.use(tuningErrorHandlers.searchError);
    await expect(call('nextConfigs')).rejects.toMatchObject({ kind: 'search-error', status: 500 });
  });

  it('the slow scenario answers, but only after a delay; loading never answers', async () => {
    server.use(...handlers.slow);
    const tick = (ms: number) => new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), ms));
    const slow = call('listPlans');
    expect(await Promise.race([slow, tick(SLOW_DELAY_MS / 3)])).toBe('timer');
    expect(await slow).toEqual(fx.plans);

    server.use(...handlers.loading);
    const controller = new AbortController();
    const loading = request('listPlans', { signal: controller.signal });
    expect(await Promise.race([loading, tick(SLOW_DELAY_MS / 3)])).toBe('timer');
    controller.abort();
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lookups answer 404 for ids the fixtures do not know', async () => {
    server.use(...handlers.success);
    await expect(request('getSession', { params: { session_id: 'nope' } })).rejects.toMatchObject({
      status: 404,
      detail: 'Tuning session not found',
    });
    await expect(request('getBenchmark', { params: { benchmark_id: 'nope' } })).rejects.toMatchObject({ status: 404 });
  });

  it('share pages open only for published or shared items, with the same 404 for private and missing ones', async () => {
    server.use(...handlers.success);
    const privateBenchmark = fx.benchmarks.find((b) => !b.published)!;
    const missing = { status: 404, detail: 'Benchmark not found' };
    await expect(request('publicBenchmark', { params: { benchmark_id: 'nope' } })).rejects.toMatchObject(missing);
    await expect(request('publicBenchmark', { params: { benchmark_id: privateBenchmark.id } })).rejects.toMatchObject(
      missing,
    );
    const page = await request('publicSetting', { params: { setting_id: ids.setting } });
    expect(page.benchmarks.length).toBeGreaterThan(0);
    expect(page.benchmarks.every((b) => b.published)).toBe(true);
    expect(page.setting.benchmark_count).toBe(page.benchmarks.length);
    // A running session is not finished, so it is not public even if it were shared.
    await expect(request('publicTuningSession', { params: { session_id: ids.session } })).rejects.toMatchObject({
      status: 404,
      detail: 'Tuning session not found',
    });
    const shared = await request('publicTuningSession', { params: { session_id: ids.sharedSession } });
    expect(shared.trials).toEqual(fx.resultsBySession[ids.sharedSession]);
    // The insights its owner sees; fitted on its successful trials, too few for a model.
    expect(shared.insights).toEqual(await request('getSessionInsights', { params: { session_id: ids.sharedSession } }));
    expect(shared.insights?.trials_fitted).toBe(shared.trials.filter((t) => t.failure === null).length);
    expect(shared.insights?.trials_fitted).toBeGreaterThan(0);
    await expect(
      request('shareSession', { params: { session_id: ids.session }, body: { shared: true } }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('list handlers page with limit and offset', async () => {
    server.use(...handlers.success);
    const page = await request('listBySetting', {
      params: { setting_id: ids.setting },
      query: { limit: 2, offset: 1 },
    });
    const all = fx.benchmarkRows.filter((b) => b.setting.id === ids.setting);
    expect(page).toEqual({ data: all.slice(1, 3), count: all.length });
    expect(all.length).toBeGreaterThan(3);
  });
});

describe('the mocked catalogue carries what a current runner measures', () => {
  const search = (query: QueryOf<'searchBenchmarks'>) =>
    request('searchBenchmarks', { query: { limit: 1000, ...query } });
  const detail = (benchmarkId: string) => request('getBenchmark', { params: { benchmark_id: benchmarkId } });

  it('search rows carry only the client report; the detail adds the runs, their intervals and the telemetry', async () => {
    server.use(...handlers.success);
    const rows = (await search({})).data;
    const limited = rows.filter((b) => b.client?.client_limited);
    expect(limited.map((b) => b.client?.client_limited_reasons.length)).toEqual([2]);
    for (const row of rows) {
      expect(row).not.toHaveProperty('runs');
      expect(row).not.toHaveProperty('intervals');
      expect(row).not.toHaveProperty('telemetry');
    }

    // Search → detail: the repeated benchmark answers its three runs and an interval around its mean.
    const withRuns = (await Promise.all(rows.filter((b) => b.client).map((b) => detail(b.id)))).filter((b) => b.runs);
    expect(withRuns).toHaveLength(1);
    const [opened] = withRuns;
    expect(opened!.runs).toHaveLength(3);
    const interval = opened!.intervals?.output_throughput;
    expect(interval?.n).toBe(3);
    expect(interval!.low).toBeLessThan(opened!.metrics.output_throughput);
    expect(interval!.high).toBeGreaterThan(opened!.metrics.output_throughput);
    expect(interval!.mean).toBeCloseTo(opened!.metrics.output_throughput, 0);
    expect(opened!.intervals?.['ttft_ms.p99']?.n).toBe(3);
  });

  it('one benchmark has engine and GPU telemetry to plot against its throughput', async () => {
    server.use(...handlers.success);
    const details = await Promise.all((await search({})).data.map((b) => detail(b.id)));
    const plotted = details.filter((b) => b.telemetry);
    expect(plotted).toHaveLength(1);
    const samples = plotted[0]!.telemetry!.samples;
    expect(samples.length).toBeGreaterThan(60);
    const series = new Set(samples.flatMap((sample) => Object.keys(sample)));
    for (const name of [
      'output_throughput',
      'running',
      'waiting',
      'kv_cache_usage',
      'preemptions',
      'prefix_cache_hit_rate',
      'gpu_utilization_pct',
      'gpu_memory_used_mib',
      'gpu_power_w',
    ])
      expect(series).toContain(name);
  });

  it('compare: the chosen benchmarks open side by side with intervals where repeats exist', async () => {
    server.use(...handlers.success);
    const rows = (await search({})).data;
    const measuredIds = rows.filter((b) => b.client && !b.client.client_limited).map((b) => b.id);
    const plainId = rows.find((b) => !b.client)!.id;
    // The compare page reads each chosen benchmark by id, as here.
    const opened = await Promise.all([...measuredIds, plainId].map(detail));
    expect(opened.map((b) => b.intervals?.output_throughput?.n ?? null).sort()).toEqual([3, null, null]);
  });
});

describe('the search mock filters as the server does', () => {
  const search = (query: QueryOf<'searchBenchmarks'>) =>
    request('searchBenchmarks', { query: { limit: 1000, ...query } });
  const idsOf = (page: { data: { id: string }[] }) => page.data.map((b) => b.id);

  it('matches model and hardware names exactly, not as substrings', async () => {
    server.use(...handlers.success);
    const model = fx.benchmarks[0]!.setting.ml_model_name;
    const hardware = fx.benchmarks[0]!.setting.hardware_config.name;
    const expected = fx.benchmarks
      .filter((b) => b.setting.ml_model_name === model && b.setting.hardware_config.name === hardware)
      .map((b) => b.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(await search({ model_name: model, hardware_name: hardware }))).toEqual(expected);
    expect((await search({ model_name: model.slice(0, -1) })).count).toBe(0);
    expect((await search({ hardware_name: hardware.toLowerCase() })).count).toBe(0);
  });

  it('keeps only the benchmarks that meet every constraint term', async () => {
    server.use(...handlers.success);
    const throughputs = fx.benchmarks.map((b) => b.metrics.output_throughput).sort((a, b) => a - b);
    const median = throughputs[Math.floor(throughputs.length / 2)]!;
    const expected = fx.benchmarks
      .filter((b) => b.metrics.output_throughput >= median && b.output_throughput_per_gpu > 0)
      .map((b) => b.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(fx.benchmarks.length);
    const page = await search({ constraints: `output_throughput >= ${median}, output_throughput_per_gpu>0` });
    expect(idsOf(page)).toEqual(expected);
    expect(page.count).toBe(expected.length);
    expect((await search({ constraints: `output_throughput<${median},output_throughput>=${median}` })).count).toBe(0);
  });

  it('answers a bad constraint with the 422 the server sends', async () => {
    server.use(...handlers.success);
    await expect(search({ constraints: 'output_throughput>=1,speed>3' })).rejects.toMatchObject({
      status: 422,
      issues: [
        { loc: ['query', 'constraints'], msg: "Unknown metric 'speed' in constraint 'speed>3'", type: 'custom' },
      ],
    });
  });
});

describe('the create-session mock takes the body as the server does', () => {
  const perGpu = { metric: 'output_throughput_per_gpu', direction: 'maximize' } as const;
  const perUser = { metric: 'output_throughput_per_user', direction: 'maximize' } as const;
  const create = (extra: object) =>
    request('createSession', { body: { ...bodies.createSession, objective: perGpu, ...extra }, query: {} });

  it('answers with the objectives or the confirm it was asked for', async () => {
    server.use(...handlers.success);
    const multi = await create({ objectives: [perGpu, perUser] });
    expect(multi.objective).toEqual(perGpu);
    expect(multi.objectives).toEqual([perGpu, perUser]);
    expect(multi.pareto_front).toEqual([]);
    expect(multi.confirm).toBeUndefined();
    const confirmed = await create({ confirm: { repeats: 3 } });
    expect(confirmed.confirm).toEqual({ repeats: 3 });
    expect(confirmed.objectives).toBeUndefined();
  });

  it('refuses what the server refuses with a 422 naming the field', async () => {
    server.use(...handlers.success);
    await expect(create({ objectives: [perGpu, perUser], confirm: { repeats: 2 } })).rejects.toMatchObject({
      status: 422,
      issues: [expect.objectContaining({ loc: ['body', 'confirm'] })],
    });
    await expect(create({ objectives: [perGpu, perGpu] })).rejects.toMatchObject({
      status: 422,
      issues: [expect.objectContaining({ loc: ['body', 'objectives', 1, 'metric'] })],
    });
  });
});

describe('mockEndpoint is typed against the contract', () => {
  it('accepts fixtures of the response type and rejects others at compile time', () => {
    const good = mockEndpoint('getSession', () => fx.runningSession);
    // @ts-expect-error a session is not a benchmark
    const wrongEntity = mockEndpoint('getBenchmark', () => fx.runningSession);
    // @ts-expect-error a missing field is a type error
    const missingField = mockEndpoint('listPlans', () => [{ id: 'free', name: 'Free' }]);
    // @ts-expect-error a status the contract does not know
    const badEnum = mockEndpoint('getSession', () => ({ ...fx.runningSession, status: 'paused' }));
    expect([good, wrongEntity, missingField, badEnum].every((h) => h.info.method === 'GET')).toBe(true);
  });
});
