import type { BodyOf } from '@mako/contract';
import * as fx from '../src/mocks/fixtures.ts';

/** Ids the success handlers know, so every call in the walk answers 200. */
export const ids = {
  session: fx.runningSession.id,
  otherSession: fx.completeSession.id,
  /** Finished and shared by its owner: it has a public page. */
  sharedSession: fx.completeSession.id,
  publishedBenchmark: fx.benchmarks.find((b) => b.published)!.id,
  setting: fx.runningSession.setting.id,
  benchmark: fx.benchmarks[0]!.id,
  otherBenchmark: fx.benchmarks[1]!.id,
  pendingConfig: fx.pendingConfigs[0]!.id,
  serveRequest: fx.serveRequests[0]!.id,
  apiToken: fx.apiTokens[0]!.id,
  registryToken: fx.registryTokens[0]!.id,
  sweep: fx.sweeps[0]!.id,
};

const measured = fx.resultsBySession[ids.session]!.find((r) => r.metrics !== null)!;
const {
  id: _id,
  owner: _owner,
  created_at: _created,
  benchmark_count: _count,
  ...settingCreate
} = fx.runningSession.setting;

/** Valid request bodies for every writing endpoint. */
export const bodies = {
  createBenchmark: {
    setting: settingCreate,
    runtime_options: measured.config,
    metrics: measured.metrics!,
    notes: 'vllm bench serve --max-concurrency 64',
  },
  patchBenchmark: { published: true },
  createSession: {
    setting: settingCreate,
    objective: fx.runningSession.objective,
    constraints: fx.runningSession.constraints,
    search_space: fx.runningSession.search_space,
    budget: fx.runningSession.budget,
  },
  postResult: { pending_config_id: ids.pendingConfig, metrics: measured.metrics! },
  createApiToken: { name: 'h100-runner-c', expires_in_days: 30 },
  createRegistryToken: { name: 'staging-pull', scope: 'pull', expires_in_days: 90 },
  createServeRequest: {
    ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
    hardware_config: { name: 'H100', count: 1 },
    objective: 'output_throughput',
  },
  submitSurvey: {
    role: 'ml-engineer',
    serving_engines: ['vllm', 'sglang'],
    gpus_in_production: '9-64',
    biggest_pain: 'Finding a max-num-seqs that does not OOM under bursty load',
  },
  changePassword: { current_password: 'old-password-1', new_password: 'new-password-12' },
  plan: {
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    workload: { input_len: 2048, output_len: 128 },
    slo: { percentile: 'p99', ttft_ms: 500 },
  },
  createSweep: {
    setting: settingCreate,
    runtime_options: measured.config,
    over: 'concurrency',
    slo: { e2el_ms: 8000 },
    attainment: 0.9,
  },
} satisfies {
  createBenchmark: BodyOf<'createBenchmark'>;
  patchBenchmark: BodyOf<'patchBenchmark'>;
  createSession: BodyOf<'createSession'>;
  postResult: BodyOf<'postResult'>;
  createApiToken: BodyOf<'createApiToken'>;
  createRegistryToken: BodyOf<'createRegistryToken'>;
  createServeRequest: BodyOf<'createServeRequest'>;
  submitSurvey: BodyOf<'submitSurvey'>;
  changePassword: BodyOf<'changePassword'>;
  plan: BodyOf<'plan'>;
  createSweep: BodyOf<'createSweep'>;
};
