import type { TuningSession } from '@mako/contract';
import * as fx from '../fixtures.ts';
import { errorResponse, readJson, type MockRequestInfo } from '../mock-endpoint.ts';
import { insightsOf, notFound, sessionOr404, type EndpointMocks } from './shared.ts';

/** The server's share rule: a finished session its owner shared; otherwise the same 404 as a missing one. */
function sharedSessionOr404(info: MockRequestInfo): TuningSession | Response {
  const session = fx.sessions.find((s) => s.id === info.params.session_id);
  const open = session?.shared && (session.status === 'complete' || session.status === 'failed');
  return open ? session : errorResponse(404, 'Tuning session not found');
}

function publicSetting(info: MockRequestInfo) {
  const benchmarks = fx.benchmarkRows.filter((b) => b.setting.id === info.params.setting_id && b.published);
  const setting = fx.benchmarkSettings.find((s) => s.id === info.params.setting_id);
  if (!setting || benchmarks.length === 0) return errorResponse(404, 'Benchmark setting not found');
  return { setting: { ...setting, benchmark_count: benchmarks.length }, benchmarks };
}

/** The public share pages and sharing a session. */
export const shareMocks = {
  // ---- Share pages
  publicBenchmark: {
    success: ({ params }) =>
      fx.benchmarks.find((b) => b.id === params.benchmark_id && b.published) ??
      errorResponse(404, 'Benchmark not found'),
    error: notFound('Benchmark'),
  },
  publicSetting: { success: publicSetting, error: notFound('Benchmark setting') },
  publicTuningSession: {
    success: (info) => {
      const session = sharedSessionOr404(info);
      if (session instanceof Response) return session;
      return {
        session,
        trials: fx.resultsBySession[session.id] ?? [],
        best: fx.bestBySession[session.id] ?? null,
        insights: insightsOf(session),
      };
    },
    error: notFound('Tuning session'),
  },
  shareSession: {
    success: async (info) => {
      const session = sessionOr404(info);
      if (session instanceof Response) return session;
      const body = (await readJson(info.request)) as { shared?: unknown } | undefined;
      const shared = body?.shared === true;
      if (shared && session.status !== 'complete' && session.status !== 'failed')
        return errorResponse(409, 'Only a finished tuning session can be shared');
      return { ...session, shared };
    },
    error: () => errorResponse(409, 'Only a finished tuning session can be shared'),
  },
} satisfies Partial<EndpointMocks>;
