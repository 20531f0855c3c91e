import {
  bestBySession,
  completeSession,
  pendingConfigs,
  resultsBySession,
  runningSession,
  sessions,
} from '@mako/fixtures';
import type { PendingConfig, TuningBest, TuningResult, TuningSession } from '@mako/contract';

/* The tuning sessions of @mako/fixtures (the ones the msw mocks serve), under the names the stories use. */

/** "Now" for the session list: 40 minutes after the newest session was created. */
export const LIST_NOW = new Date('2025-11-05T15:00:00Z');
/** "Now" while the running session has two leased configurations out (they expire at 22:06 and 22:20). */
export const RUNNING_NOW = new Date('2025-11-03T21:35:00Z');

/** Newest first, as GET /tuning/session/mine lists them: failed, pending, complete, running. */
export const SESSIONS: TuningSession[] = sessions;

export const [FAILED_SESSION, PENDING_SESSION, COMPLETE_SESSION, RUNNING_SESSION] = SESSIONS as [
  TuningSession,
  TuningSession,
  TuningSession,
  TuningSession,
];

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what} in @mako/fixtures`);
  return value;
}

/** The running vLLM session's trials: an OOM, a crash and infeasible trials among them. */
export const RUNNING_RESULTS: TuningResult[] = found(resultsBySession[runningSession.id], 'running results');
export const RUNNING_PENDING: PendingConfig[] = pendingConfigs.filter((p) => p.session_id === runningSession.id);
/** The best answer repeats a result of the session's list: the same object, not a copy. */
export const RUNNING_BEST: TuningBest = found(bestBySession[runningSession.id], 'running best');

/** The complete SGLang session (minimises p90 TPOT): one timeout. */
export const COMPLETE_RESULTS: TuningResult[] = found(resultsBySession[completeSession.id], 'complete results');
export const COMPLETE_BEST: TuningBest = found(bestBySession[completeSession.id], 'complete best');

/** GET /benchmarks/supported-runtime-options: the contract's own engine-flag lists, from its vocabulary. */
export { ENGINE_FLAG_LISTS } from '@mako/contract/vocabulary';
