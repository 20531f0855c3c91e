import { Benchmark, BenchmarkId, SettingId } from '../benchmarks.ts';
import { PublicSetting, PublicTuningSession, SessionSharePatch } from '../share.ts';
import { SessionId, TuningSession } from '../tuning.ts';
import { def } from '../endpoint-def.ts';

/*
 * Share pages: public reads of published or shared items (no account; the same 404 for missing and
 * private, so nothing can be enumerated) and the owner's switch that shares a session.
 */

export const publicBenchmark = def({
  method: 'GET',
  path: '/public/benchmarks/{benchmark_id}',
  summary: 'A published benchmark, for anyone',
  auth: 'none',
  params: BenchmarkId,
  response: Benchmark,
  errors: [404, 429],
  spec: false,
  group: 'product',
});
export const publicSetting = def({
  method: 'GET',
  path: '/public/settings/{setting_id}',
  summary: 'A benchmark setting and its published benchmarks, for anyone',
  auth: 'none',
  params: SettingId,
  response: PublicSetting,
  errors: [404, 429],
  spec: false,
  group: 'product',
});
export const publicTuningSession = def({
  method: 'GET',
  path: '/public/tuning-sessions/{session_id}',
  summary: 'A finished tuning session its owner shared, with its trials and best result, for anyone',
  auth: 'none',
  params: SessionId,
  response: PublicTuningSession,
  errors: [404, 429],
  spec: false,
  group: 'product',
});
export const shareSession = def({
  method: 'PATCH',
  path: '/tuning/session/{session_id}',
  summary: 'Share or stop sharing one of your finished tuning sessions',
  auth: 'bearer',
  scope: 'tuning:write',
  params: SessionId,
  body: SessionSharePatch,
  response: TuningSession,
  errors: [404, 409],
  spec: false,
  group: 'product',
});
