import { Message, PagingQuery } from '../common.ts';
import {
  NextConfigsBody,
  NextConfigsResponse,
  PendingConfig,
  PendingConfigPath,
  SessionId,
  SessionNameQuery,
  TuningBest,
  TuningInsights,
  TuningResult,
  TuningResultCreate,
  TuningResultListAnswer,
  TuningSession,
  TuningSessionCreate,
  TuningSessionListAnswer,
} from '../tuning.ts';
import { def } from '../endpoint-def.ts';
import { MY_SESSIONS_PATH } from '../paths.ts';

/* Tuning sessions: the ask/tell loop runners drive. */

// ---- Tuning -----------------------------------------------------------------------------------
export const createSession = def({
  method: 'POST',
  path: '/tuning/session',
  summary: 'Start a tuning session',
  auth: 'bearer',
  scope: 'tuning:write',
  query: SessionNameQuery,
  body: TuningSessionCreate,
  response: TuningSession,
  errors: [403],
  spec: true,
  group: 'product',
});
export const mySessions = def({
  method: 'GET',
  path: MY_SESSIONS_PATH,
  summary: 'Your tuning sessions, newest first',
  auth: 'bearer',
  scope: 'read',
  query: PagingQuery,
  response: TuningSessionListAnswer,
  spec: true,
  group: 'product',
});
export const getSession = def({
  method: 'GET',
  path: '/tuning/session/{session_id}',
  summary: 'One tuning session',
  auth: 'bearer',
  scope: 'read',
  params: SessionId,
  response: TuningSession,
  errors: [404],
  spec: true,
  group: 'product',
});
export const postResult = def({
  method: 'POST',
  path: '/tuning/session/{session_id}/results',
  summary: 'Report the metrics or the failure of a leased configuration',
  auth: 'bearer',
  scope: 'tuning:write',
  params: SessionId,
  body: TuningResultCreate,
  response: TuningResult,
  errors: [404, 409],
  spec: true,
  group: 'product',
});
export const listResults = def({
  method: 'GET',
  path: '/tuning/session/{session_id}/results',
  summary: 'Results of a session in trial order',
  auth: 'bearer',
  scope: 'read',
  params: SessionId,
  query: PagingQuery,
  response: TuningResultListAnswer,
  errors: [404],
  spec: true,
  group: 'product',
});
export const getBest = def({
  method: 'GET',
  path: '/tuning/session/{session_id}/best',
  summary: 'The best feasible result so far',
  auth: 'bearer',
  scope: 'read',
  params: SessionId,
  response: TuningBest,
  errors: [404],
  spec: true,
  group: 'product',
});
export const getSessionInsights = def({
  method: 'GET',
  path: '/tuning/session/{session_id}/insights',
  summary: "Why the search chose what it chose: each flag's importance and the failure regions",
  auth: 'bearer',
  scope: 'read',
  params: SessionId,
  response: TuningInsights,
  errors: [404],
  spec: false,
  group: 'product',
});
export const nextConfigs = def({
  method: 'POST',
  path: '/tuning/session/{session_id}/next-configs',
  summary: 'Lease the next configurations to evaluate',
  auth: 'bearer',
  scope: 'tuning:write',
  params: SessionId,
  query: SessionNameQuery,
  body: NextConfigsBody,
  response: NextConfigsResponse,
  errors: [404, 409, 410],
  spec: true,
  group: 'product',
});
export const getPendingConfig = def({
  method: 'GET',
  path: '/tuning/session/{session_id}/next-configs/{pending_config_id}',
  summary: 'One leased configuration',
  auth: 'bearer',
  scope: 'read',
  params: PendingConfigPath,
  response: PendingConfig,
  errors: [404],
  spec: true,
  group: 'product',
});
export const releaseConfig = def({
  method: 'DELETE',
  path: '/tuning/session/{session_id}/next-configs/{pending_config_id}',
  summary: 'Give a leased configuration back to the search unmeasured (e.g. the engine command is broken)',
  auth: 'bearer',
  scope: 'tuning:write',
  params: PendingConfigPath,
  response: Message,
  errors: [404, 409],
  spec: false,
  group: 'product',
});
/**
 * A runner renews its lease while it measures (a lease lasts minutes, a measurement may take an
 * hour), so that a runner that dies gives its configuration back within minutes. 409 when the
 * lease has lapsed or its result is in.
 */
export const renewLease = def({
  method: 'POST',
  path: '/tuning/session/{session_id}/next-configs/{pending_config_id}/renew',
  summary: 'Keep holding a leased configuration while it is measured',
  auth: 'bearer',
  scope: 'tuning:write',
  params: PendingConfigPath,
  response: PendingConfig,
  errors: [404, 409],
  spec: false,
  group: 'product',
});
