import { BenchmarkSearchQuery, PlanRequest, readMetric, satisfies, toValidationIssues } from '@mako/contract';
import * as fx from '../fixtures.ts';
import { errorResponse, readJson, type MockRequestInfo } from '../mock-endpoint.ts';
import { emptyList, issue, notFound, paginate, serverError, type EndpointMocks } from './shared.ts';

function settingOr404(info: MockRequestInfo) {
  return (
    fx.benchmarkSettings.find((s) => s.id === info.params.setting_id) ??
    errorResponse(404, 'Benchmark setting not found')
  );
}

function benchmarksOfSetting(info: MockRequestInfo, withoutSession: boolean) {
  const setting = settingOr404(info);
  if (setting instanceof Response) return setting;
  const rows = fx.benchmarkRows.filter(
    (b) => b.setting.id === setting.id && (!withoutSession || b.session_id === null),
  );
  return paginate(rows, info.url);
}

/**
 * GET /benchmarks/all as the server filters it: the query is parsed by the contract's schema (a bad
 * filter is the server's 422), names match exactly, and each constraint term must hold for the
 * benchmark's metric (an unavailable metric fails it, as SQL's NULL does).
 */
function searchBenchmarks({ url }: MockRequestInfo) {
  const parsed = BenchmarkSearchQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return errorResponse(422, toValidationIssues('query', parsed.error));
  const { model_name, hardware_name, constraints = [] } = parsed.data;
  const rows = fx.benchmarkRows.filter(
    (b) =>
      (model_name === undefined || b.setting.ml_model_name === model_name) &&
      (hardware_name === undefined || b.setting.hardware_config.name === hardware_name) &&
      constraints.every((term) => {
        const value = readMetric(b.metrics, term.metric, {
          gpuCount: b.setting.hardware_config.count,
          costPerMillionTokens: b.cost_per_million_tokens,
        });
        return value !== null && satisfies(value, term.op, term.value);
      }),
  );
  return paginate(rows, url);
}

/**
 * POST /planner/plan as the server checks it: the contract's schema, then the model against the
 * models the planner knows (the server's 422 naming the field); the fixture plan, for the lengths asked.
 */
async function planFor(info: MockRequestInfo) {
  const parsed = PlanRequest.safeParse(await readJson(info.request));
  if (!parsed.success) return errorResponse(422, toValidationIssues('body', parsed.error));
  const { model, workload } = parsed.data;
  if (!fx.plannerOptions.models.includes(model))
    return errorResponse(
      422,
      issue(['body', 'model'], `Unknown model '${model}': the planner knows ${fx.plannerOptions.models.join(', ')}`),
    );
  return {
    ...fx.plan,
    model,
    workload: { ...(workload ?? fx.plan.workload), benchmark_id: parsed.data.benchmark_id ?? null },
  };
}

/** Benchmarks and their settings, serve requests and the capacity planner. */
export const benchmarkMocks = {
  // ---- Benchmarks
  createBenchmark: {
    success: () => fx.benchmarks[0]!,
    error: () =>
      errorResponse(
        422,
        issue(['body', 'metrics', 'completed'], 'Input should be greater than or equal to 0', 'greater_than_equal'),
      ),
  },
  listSettings: { success: ({ url }) => paginate(fx.benchmarkSettings, url), empty: emptyList, error: serverError },
  getSetting: { success: settingOr404, error: notFound('Benchmark setting') },
  listBySetting: {
    success: (info) => benchmarksOfSetting(info, false),
    empty: emptyList,
    error: notFound('Benchmark setting'),
  },
  listBySettingNoSession: {
    success: (info) => benchmarksOfSetting(info, true),
    empty: emptyList,
    error: notFound('Benchmark setting'),
  },
  getBenchmark: {
    success: ({ params }) =>
      fx.benchmarks.find((b) => b.id === params.benchmark_id) ?? errorResponse(404, 'Benchmark not found'),
    error: notFound('Benchmark'),
  },
  searchBenchmarks: {
    success: searchBenchmarks,
    empty: emptyList,
    error: () =>
      errorResponse(
        422,
        issue(['query', 'constraints'], "Invalid constraint 'ttft<>5': expected metric<=value", 'custom'),
      ),
  },
  supportedRuntimeOptions: {
    success: () => fx.supportedRuntimeOptions,
    error: () => errorResponse(502, 'Bad Gateway'),
  },
  bestBenchmarkReport: {
    success: () => fx.bestBenchmarkReport,
    empty: () => errorResponse(404, 'No benchmarks match this model, hardware and objective'),
    error: () => errorResponse(404, 'No benchmarks match this model, hardware and objective'),
  },
  deleteBenchmark: { success: () => ({ message: fx.messages.benchmarkDeleted }), error: notFound('Benchmark') },
  patchBenchmark: {
    success: async ({ params, request }) => {
      const found = fx.benchmarks.find((b) => b.id === params.benchmark_id);
      if (!found) return errorResponse(404, 'Benchmark not found');
      const patch = ((await readJson(request)) ?? {}) as { published?: unknown; notes?: unknown };
      return {
        ...found,
        published: typeof patch.published === 'boolean' ? patch.published : found.published,
        notes: typeof patch.notes === 'string' ? patch.notes : found.notes,
      };
    },
    error: notFound('Benchmark'),
  },

  // ---- Serve requests
  listServeRequests: { success: ({ url }) => paginate(fx.serveRequests, url), empty: emptyList, error: serverError },
  createServeRequest: {
    success: () => fx.serveRequests[0]!,
    error: () => errorResponse(422, issue(['body', 'ml_model_name'], 'Model is required')),
  },
  getServeRequest: {
    success: ({ params }) =>
      fx.serveRequests.find((r) => r.id === params.request_id) ?? errorResponse(404, 'Serve request not found'),
    error: notFound('Serve request'),
  },
  deleteServeRequest: {
    success: () => ({ message: fx.messages.serveRequestDeleted }),
    error: notFound('Serve request'),
  },

  // ---- Planner
  plannerOptions: { success: () => fx.plannerOptions, error: serverError },
  plan: {
    success: planFor,
    empty: () => fx.infeasiblePlan,
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },
} satisfies Partial<EndpointMocks>;
