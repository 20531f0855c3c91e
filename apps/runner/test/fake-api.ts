/**
 * A small real HTTP server speaking the MakoOptimize contract for the runner's own tests (the
 * end-to-end test runs against apps/api itself). Requests are checked with the contract's body
 * schemas and every answer is parsed with its response schema before it is sent, so this fake
 * cannot drift from the contract. It scripts the tuning flow: a few 409s, then one configuration
 * per next-configs call, then 410.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  API_MESSAGES,
  API_PREFIX,
  Benchmark,
  BenchmarkCreate,
  NextConfigsResponse,
  TuningBest,
  TuningResult,
  TuningResultCreate,
  TuningSession,
  User,
  endpoints,
  launchCommand,
  toValidationIssues,
  type RuntimeOptions,
  type Workload,
} from '@mako/contract';
import { listen } from './listen.ts';

export interface FakeApiOptions {
  token: string;
  configs: RuntimeOptions[];
  /** next-configs answers 409 this many times first. */
  conflictsFirst?: number;
  workload?: Partial<Workload>;
  model?: string;
  /** Result posts are answered with this status and its detail, as a server that cannot store them. */
  failResults?: { status: number; detail: string };
  /** Lease releases are answered with this status and its detail, as a server that cannot take them back. */
  failRelease?: { status: number; detail: string };
}

export interface FakeApi {
  url: string;
  sessionId: string;
  results: TuningResult[];
  benchmarks: Benchmark[];
  nextConfigCalls: { status: number; name: string | null }[];
  /** Leases given back unmeasured (releaseConfig), by pending configuration id. */
  released: string[];
  /** Authorization headers seen, to check the token is sent only where it belongs. */
  authHeaders: (string | undefined)[];
  close(): Promise<void>;
}

const now = () => new Date().toISOString();

export async function startFakeApi(options: FakeApiOptions): Promise<FakeApi> {
  const sessionId = randomUUID();
  const owner = randomUUID();
  const model = options.model ?? 'mako/emulated-model';
  const results: TuningResult[] = [];
  const benchmarks: Benchmark[] = [];
  const nextConfigCalls: { status: number; name: string | null }[] = [];
  const authHeaders: (string | undefined)[] = [];
  const released: string[] = [];
  const pending = new Map<string, { trial: number; config: RuntimeOptions }>();
  let conflicts = options.conflictsFirst ?? 0;
  let leased = 0;
  const setting = {
    id: randomUUID(),
    owner,
    created_at: now(),
    benchmark_count: 0,
    ml_model_name: model,
    hardware_config: { count: 1, name: 'H100' },
    software: { runtime: 'vllm' as const, version: '0.11.0' },
    workload: {
      dataset: 'random',
      num_requests: 12,
      request_rate: 'inf' as const,
      burstiness: 1,
      max_concurrency: 4,
      max_seq_length: 96,
      output_len: 16,
      min_prompt: 32,
      max_prompt: 64,
      min_output: 8,
      max_output: 16,
      ...options.workload,
    },
  };
  const session = () =>
    TuningSession.parse({
      id: sessionId,
      name: 'fake session',
      setting,
      status: leased >= options.configs.length && pending.size === 0 ? 'complete' : 'running',
      objective: { metric: 'output_throughput', direction: 'maximize' },
      constraints: [],
      search_space: { parameters: [{ kind: 'int', name: 'max_num_seqs', low: 1, high: 512 }], rules: [] },
      budget: { max_trials: options.configs.length, max_parallel: 1 },
      counts: { evaluated: results.length, pending: pending.size, failed: results.filter((r) => r.failure).length },
      best: null,
      default_objective_value: null,
      shared: false,
      owner,
      created_at: now(),
      updated_at: now(),
    });

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' }).end(text);
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      authHeaders.push(req.headers.authorization);
      if (req.headers.authorization !== `Bearer ${options.token}`)
        return send(res, 401, { detail: 'Not authenticated' });
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.slice(API_PREFIX.length);
      const base = `/tuning/session/${sessionId}`;
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      if (req.method === 'GET' && path === endpoints.me.path)
        return send(
          res,
          200,
          User.parse({
            id: owner,
            email: 'runner@example.com',
            full_name: null,
            created_at: now(),
            has_password: true,
          }),
        );
      if (req.method === 'GET' && path === base) return send(res, 200, session());
      if (req.method === 'POST' && path === `${base}/next-configs`) {
        const name = url.searchParams.get('name');
        if (conflicts > 0) {
          conflicts--;
          nextConfigCalls.push({ status: 409, name });
          return send(res, 409, { detail: API_MESSAGES.pendingEvaluations });
        }
        if (leased >= options.configs.length) {
          nextConfigCalls.push({ status: pending.size ? 409 : 410, name });
          return pending.size
            ? send(res, 409, { detail: API_MESSAGES.pendingEvaluations })
            : send(res, 410, { detail: API_MESSAGES.searchComplete });
        }
        const config = options.configs[leased++] as RuntimeOptions;
        const id = randomUUID();
        pending.set(id, { trial: leased, config });
        nextConfigCalls.push({ status: 200, name });
        return send(
          res,
          200,
          NextConfigsResponse.parse({
            configs: [
              {
                id,
                session_id: sessionId,
                trial_number: leased,
                config,
                status: 'leased',
                leased_by: name,
                created_at: now(),
                expires_at: new Date(Date.now() + 3_600_000).toISOString(),
              },
            ],
          }),
        );
      }
      if (req.method === 'DELETE' && path.startsWith(`${base}/next-configs/`)) {
        const id = path.slice(`${base}/next-configs/`.length);
        if (options.failRelease) return send(res, options.failRelease.status, { detail: options.failRelease.detail });
        if (!pending.delete(id)) return send(res, 409, { detail: 'This configuration is not leased' });
        released.push(id);
        return send(res, 200, { message: 'The configuration was given back to the search' });
      }
      if (req.method === 'POST' && path === `${base}/results`) {
        if (options.failResults) return send(res, options.failResults.status, { detail: options.failResults.detail });
        const parsed = TuningResultCreate.safeParse(body);
        // A bad body gets the server's 422.
        if (!parsed.success) return send(res, 422, { detail: toValidationIssues('body', parsed.error) });
        const lease = pending.get(parsed.data.pending_config_id);
        if (!lease) return send(res, 409, { detail: 'This configuration is not leased' });
        pending.delete(parsed.data.pending_config_id);
        const result = TuningResult.parse({
          id: randomUUID(),
          session_id: sessionId,
          pending_config_id: parsed.data.pending_config_id,
          trial_number: lease.trial,
          config: lease.config,
          objective_value: parsed.data.metrics?.output_throughput ?? null,
          feasible: parsed.data.metrics !== undefined,
          metrics: parsed.data.metrics ?? null,
          failure: parsed.data.failure ?? null,
          benchmark_id: null,
          created_at: now(),
        });
        results.push(result);
        return send(res, 200, result);
      }
      if (req.method === 'GET' && path === `${base}/best`) {
        const best = results
          .filter((r) => r.feasible)
          .sort((a, b) => (b.objective_value ?? 0) - (a.objective_value ?? 0))[0];
        if (!best) return send(res, 404, { detail: 'No feasible result yet' });
        return send(
          res,
          200,
          TuningBest.parse({
            session_id: sessionId,
            result: best,
            improvement_pct: 12.5,
            launch_command: launchCommand('vllm', model, best.config),
          }),
        );
      }
      if (req.method === 'POST' && path === '/benchmarks') {
        const parsed = BenchmarkCreate.safeParse(body);
        // A bad body gets the server's 422.
        if (!parsed.success) return send(res, 422, { detail: toValidationIssues('body', parsed.error) });
        const d = parsed.data;
        const saved = Benchmark.parse({
          id: randomUUID(),
          setting: { ...d.setting, id: randomUUID(), owner, created_at: now(), benchmark_count: 1 },
          session_id: d.session_id,
          runtime_options: d.runtime_options,
          metrics: d.metrics,
          cost_per_million_tokens: d.cost_per_million_tokens,
          output_throughput_per_gpu: d.metrics.output_throughput / d.setting.hardware_config.count,
          output_throughput_per_user: d.metrics.tpot_ms.mean > 0 ? 1000 / d.metrics.tpot_ms.mean : null,
          verified: false,
          published: d.published,
          demo: false,
          notes: d.notes,
          owner,
          created_at: now(),
          ...(d.runs ? { runs: d.runs } : {}),
          ...(d.client ? { client: d.client } : {}),
          ...(d.telemetry ? { telemetry: d.telemetry } : {}),
          ...(d.provenance ? { provenance: d.provenance } : {}),
        });
        benchmarks.push(saved);
        return send(res, 200, saved);
      }
      send(res, 404, { detail: 'Not Found' });
    });
  });
  const { port, close } = await listen(server);
  return {
    url: `http://127.0.0.1:${port}${API_PREFIX}`,
    sessionId,
    results,
    benchmarks,
    nextConfigCalls,
    released,
    authHeaders,
    close,
  };
}
