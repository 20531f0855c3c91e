import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { metrics } from './fixtures.ts';
import { call, type TestServer } from './helpers.ts';

export interface RunnerFigures {
  /** Leases granted and 409 'wait' answers over the run. */
  leases: number;
  conflicts: number;
  /** Most leases the runners held at once, and the time-weighted mean from the first lease to the last result. */
  maxHeld: number;
  meanHeld: number;
  /** Trial numbers leased more than once (must be none). */
  duplicateTrials: number[];
}

/**
 * Runners of one tuning session, as mako-runner drives them: ask for a configuration, evaluate it
 * for `evaluationMs`, report it; on 409 wait `retryMs` and ask again; stop at 410 (the search is
 * over). Runner i talks to server i mod n, so with two servers consecutive runners alternate.
 * A lease counts as held from its answer until its result is sent: never longer than the server
 * holds it, so `maxHeld` above max_parallel would prove over-leasing.
 */
export async function runRunners(options: {
  servers: Pick<TestServer, 'baseUrl'>[];
  token: string;
  sessionId: string;
  runners: number;
  evaluationMs: number;
  retryMs?: number;
}): Promise<RunnerFigures> {
  const { servers, token, sessionId, evaluationMs } = options;
  const retryMs = options.retryMs ?? evaluationMs;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const params = { session_id: sessionId };
  let held = 0;
  let maxHeld = 0;
  let area = 0;
  let since: number | null = null;
  let last = 0;
  const change = (delta: number) => {
    const now = performance.now();
    if (since === null) since = now;
    else area += held * (now - last);
    last = now;
    held += delta;
    maxHeld = Math.max(maxHeld, held);
  };
  let leases = 0;
  let conflicts = 0;
  const trials = new Map<number, number>();

  async function runner(index: number) {
    const server = servers[index % servers.length]!;
    for (;;) {
      const answer = await call(server, 'nextConfigs', { token, params, body: { count: 1 } });
      if (answer.status === 410) return;
      if (answer.status === 409) {
        conflicts++;
        await pause(retryMs);
        continue;
      }
      if (answer.status !== 200) throw new Error(`next-configs answered ${answer.status}`);
      const pending = (answer.body as { configs: { id: string; trial_number: number }[] }).configs[0]!;
      leases++;
      trials.set(pending.trial_number, (trials.get(pending.trial_number) ?? 0) + 1);
      change(+1);
      await pause(evaluationMs);
      change(-1);
      const result = await call(server, 'postResult', {
        token,
        params,
        body: { pending_config_id: pending.id, metrics: metrics(1000 + pending.trial_number) },
      });
      if (result.status !== 200) throw new Error(`results answered ${result.status}`);
    }
  }

  await Promise.all(Array.from({ length: options.runners }, (_, i) => runner(i)));
  const span = since === null ? 0 : last - since;
  return {
    leases,
    conflicts,
    maxHeld,
    meanHeld: span > 0 ? area / span : 0,
    duplicateTrials: [...trials].filter(([, n]) => n > 1).map(([trial]) => trial),
  };
}

/**
 * Leases held at once as the server saw them, from the database: a lease holds its slot from the
 * moment it was granted until its result was stored. Both instants are read under the session
 * lock, so their order is the order the server acted in (at equal milliseconds, results first).
 */
export async function heldOnServer(db: Kysely<DB>, sessionId: string): Promise<{ maxHeld: number; meanHeld: number }> {
  const leased = await db
    .selectFrom('pending_configs')
    .select(['id', 'created_at'])
    .where('session_id', '=', sessionId)
    .execute();
  const reported = await db
    .selectFrom('tuning_results')
    .select(['pending_config_id', 'created_at'])
    .where('session_id', '=', sessionId)
    .execute();
  const events = [
    ...leased.map((r) => ({ at: Date.parse(r.created_at), delta: 1 })),
    ...reported.map((r) => ({ at: Date.parse(r.created_at), delta: -1 })),
  ].sort((x, y) => x.at - y.at || x.delta - y.delta);
  let held = 0;
  let maxHeld = 0;
  let area = 0;
  for (let i = 0; i < events.length; i++) {
    if (i > 0) area += held * (events[i]!.at - events[i - 1]!.at);
    held += events[i]!.delta;
    maxHeld = Math.max(maxHeld, held);
  }
  const span = events.length ? events[events.length - 1]!.at - events[0]!.at : 0;
  return { maxHeld, meanHeld: span > 0 ? area / span : 0 };
}
