import { randomUUID } from 'node:crypto';
import type { Confidence, Constraint, MetricKey, RuntimeOptions } from '@mako/contract';
import { configKey, mergeRepeats, spreadOf, verdictOf } from '@mako/tuner';
import { isoAt, type AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { evaluate } from './evaluation.ts';
import { trialOf, type ResultRow, type SessionRow } from './rows.ts';
import { endSession } from './session-row.ts';

/*
 * Confidence in the winner (sessions created with `confirm`). Once the search is over (the budget
 * of distinct configurations is spent, or the tuner ended it) and no search lease is out, the
 * incumbent and the runner-up are each measured `confirm_repeats` more times. Re-measure leases
 * carry the trial's own number and configuration and do not count against `max_trials`; the
 * session completes (and next-configs answers 410) only once they are all in. Configurations are
 * ranked by the mean of their measurements, so a re-measure may reorder them; the new top two are
 * then due in turn, up to MAX_REMEASURED configurations per session. No winner is declared inside
 * the noise: while the best and the runner-up overlap (`within_noise`) once their repeats are in,
 * each is measured once more, up to MAX_REPEATS re-measures of a configuration; at that cap the
 * session completes and says `within_noise`.
 */

/** How many configurations a session re-measures at most, so that reorderings cannot go on for ever. */
const MAX_REMEASURED = 4;

/** The most re-measures of one configuration while its lead stays within the noise (confirm's own maximum). */
const MAX_REPEATS = 5;

type ResultWithRunner = ResultRow & { leased_by: string | null };

/** A configuration of the session with everything measured of it. */
export interface Measured {
  key: string;
  trialNumber: number;
  config: RuntimeOptions;
  /** Its first measurement: the result that stands for it as the session's best. */
  firstResultId: string;
  measurements: number;
  /** The objective of each successful measurement. */
  values: number[];
  /** The runner names that measured it. */
  runners: Set<string>;
  remeasured: boolean;
  /** Judged on the mean of its measurements; failing once makes it infeasible. */
  feasible: boolean;
  mean: number | null;
}

export async function sessionMeasurements(from: Db, sessionIds: string[]): Promise<ResultWithRunner[]> {
  if (sessionIds.length === 0) return [];
  return from
    .selectFrom('tuning_results')
    .innerJoin('pending_configs', 'pending_configs.id', 'tuning_results.pending_config_id')
    .selectAll('tuning_results')
    .select('pending_configs.leased_by')
    .where('tuning_results.session_id', 'in', sessionIds)
    .orderBy('tuning_results.trial_number')
    .orderBy('tuning_results.remeasure')
    .orderBy('tuning_results.created_at')
    .orderBy('tuning_results.id')
    .execute();
}

/** The session's feasible configurations, best mean first (the earlier trial first among equals). */
export function rankMeasured(session: SessionRow, rows: ResultWithRunner[]): Measured[] {
  const constraints = JSON.parse(session.constraints) as Constraint[];
  const objective = session.objective_metric as MetricKey;
  const groups = new Map<string, ResultWithRunner[]>();
  for (const row of rows) {
    const key = configKey(JSON.parse(row.config) as RuntimeOptions);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const measured: Measured[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const [merged] = mergeRepeats(group.map((r) => trialOf(r, session.hardware_count)));
    const { objectiveValue, feasible } = evaluate(merged!.failure ? null : merged!.metrics, objective, constraints);
    measured.push({
      key,
      trialNumber: first.trial_number,
      config: JSON.parse(first.config) as RuntimeOptions,
      firstResultId: first.id,
      measurements: group.length,
      values: group.flatMap((r) => (r.objective_value === null ? [] : [r.objective_value])),
      runners: new Set(group.flatMap((r) => (r.leased_by === null ? [] : [r.leased_by]))),
      remeasured: group.some((r) => r.remeasure === 1),
      feasible,
      mean: objectiveValue,
    });
  }
  const sign = session.objective_direction === 'maximize' ? -1 : 1;
  return measured
    .filter((m) => m.feasible && m.mean !== null)
    .sort((a, b) => sign * (a.mean! - b.mean!) || a.trialNumber - b.trialNumber);
}

/** The best's spread and whether it stands clear of the runner-up; null without a feasible configuration. */
export function confidenceOf(ranked: Measured[]): Confidence | null {
  const [best, runnerUp] = ranked;
  if (!best) return null;
  const spread = spreadOf(best.values);
  const rival = runnerUp ? spreadOf(runnerUp.values) : null;
  return {
    verdict: verdictOf(spread, rival),
    spread,
    runner_up:
      runnerUp && rival ? { trial_number: runnerUp.trialNumber, config: runnerUp.config, spread: rival } : null,
  };
}

/** The confidence of each given session that asks for it, from one query. */
export async function confidenceBySession(db: Db, sessions: SessionRow[]): Promise<Map<string, Confidence>> {
  const confirming = sessions.filter((s) => s.confirm_repeats > 0);
  const rows = await sessionMeasurements(
    db,
    confirming.map((s) => s.id),
  );
  const answer = new Map<string, Confidence>();
  for (const session of confirming) {
    const confidence = confidenceOf(
      rankMeasured(
        session,
        rows.filter((r) => r.session_id === session.id),
      ),
    );
    if (confidence) answer.set(session.id, confidence);
  }
  return answer;
}

interface Lease {
  config: string;
  remeasure: number;
  leased_by: string | null;
  created_at: string;
}

/** Where a confirming session stands, read under its lock. */
export interface RemeasurePlan {
  ranked: Measured[];
  /** Search leases still out: the ranking is not final until they report. */
  heldSearch: number;
  held: number;
  /** The top configurations that still need a measurement and have none under way. */
  due: Measured[];
  /** Every re-measure is in: the session may complete. */
  done: boolean;
}

export async function remeasurePlan(trx: Db, session: SessionRow, now: number): Promise<RemeasurePlan> {
  const leases: Lease[] = await trx
    .selectFrom('pending_configs')
    .select(['config', 'remeasure', 'leased_by', 'created_at'])
    .where('session_id', '=', session.id)
    .where('status', '=', 'leased')
    .where('expires_at', '>', isoAt(now))
    .execute();
  const ranked = rankMeasured(session, await sessionMeasurements(trx, [session.id]));
  const underWay = new Set(
    leases.filter((l) => l.remeasure === 1).map((l) => configKey(JSON.parse(l.config) as RuntimeOptions)),
  );
  const remeasured = new Set([...underWay, ...ranked.filter((m) => m.remeasured).map((m) => m.key)]);
  const top = ranked.slice(0, 2);
  const allowed = (m: Measured) => remeasured.has(m.key) || remeasured.size < MAX_REMEASURED;
  let targets = top.filter((m) => m.measurements < 1 + session.confirm_repeats && allowed(m));
  if (targets.length === 0 && underWay.size === 0 && confidenceOf(ranked)?.verdict === 'within_noise') {
    // One more each, the less measured first, so the two stay level.
    const wanted = Math.min(1 + MAX_REPEATS, Math.min(...top.map((m) => m.measurements)) + 1);
    targets = top.filter((m) => m.measurements < wanted && allowed(m));
  }
  return {
    ranked,
    heldSearch: leases.filter((l) => l.remeasure === 0).length,
    held: leases.length,
    due: targets.filter((m) => !underWay.has(m.key)),
    done: targets.length === 0 && underWay.size === 0,
  };
}

/**
 * The due re-measures the asking runner may take, those it has not measured itself first. One it
 * has measured waits while another runner that has not measured it has leased in this session
 * within the lease time (and so is likely still around); otherwise the asker takes it, or the
 * session would never end. An unnamed asker takes any.
 */
async function dueFor(
  trx: Db,
  ctx: AppContext,
  session: SessionRow,
  due: Measured[],
  runnerName: string | null,
  now: number,
): Promise<Measured[]> {
  if (runnerName === null || due.length === 0) return due;
  const recent = await trx
    .selectFrom('pending_configs')
    .select('leased_by')
    .distinct()
    .where('session_id', '=', session.id)
    .where('leased_by', 'is not', null)
    .where('leased_by', '!=', runnerName)
    // Leased within the lease time, or still held: a runner renewing a long measurement is present.
    .where((eb) =>
      eb.or([eb('created_at', '>', isoAt(now - ctx.config.leaseTtlS * 1000)), eb('expires_at', '>', isoAt(now))]),
    )
    .execute();
  const others = recent.flatMap((r) => (r.leased_by === null ? [] : [r.leased_by]));
  const fresh = due.filter((m) => !m.runners.has(runnerName));
  const ownOnly = due.filter((m) => m.runners.has(runnerName) && others.every((o) => m.runners.has(o)));
  return [...fresh, ...ownOnly];
}

export type RemeasureOutcome = { kind: 'leased'; ids: string[] } | { kind: 'wait' } | { kind: 'complete' };

/**
 * Under the session lock: leases up to `requested` due re-measures (one per configuration at a
 * time, within the parallel slots), or completes the session when nothing is left to re-measure.
 */
export async function leaseRemeasures(
  trx: Db,
  ctx: AppContext,
  session: SessionRow,
  requested: number,
  runnerName: string | null,
): Promise<RemeasureOutcome> {
  const now = ctx.now();
  const plan = await remeasurePlan(trx, session, now);
  if (plan.heldSearch > 0) return { kind: 'wait' };
  if (plan.done) {
    await endSession(trx, session, now);
    return { kind: 'complete' };
  }
  const room = Math.min(requested, session.max_parallel - plan.held);
  const chosen = (await dueFor(trx, ctx, session, plan.due, runnerName, now)).slice(0, Math.max(0, room));
  if (chosen.length === 0) return { kind: 'wait' };
  const rows = chosen.map((m) => ({
    id: randomUUID(),
    session_id: session.id,
    trial_number: m.trialNumber,
    config: JSON.stringify(m.config),
    status: 'leased' as const,
    leased_by: runnerName,
    created_at: isoAt(now),
    expires_at: isoAt(now + ctx.config.leaseTtlS * 1000),
    remeasure: 1,
  }));
  await trx.insertInto('pending_configs').values(rows).execute();
  await trx
    .updateTable('tuning_sessions')
    .set({ status: 'running', updated_at: isoAt(now) })
    .where('id', '=', session.id)
    .execute();
  return { kind: 'leased', ids: rows.map((r) => r.id) };
}

/**
 * After a result of a confirming session: the best by mean, and whether the session is complete
 * (its search is over, nothing is leased and every re-measure is in).
 */
export async function settleConfirming(
  trx: Db,
  session: SessionRow,
  now: number,
  searchOver: boolean,
): Promise<{ best: Measured | null; complete: boolean }> {
  const plan = await remeasurePlan(trx, session, now);
  return { best: plan.ranked[0] ?? null, complete: searchOver && plan.held === 0 && plan.done };
}
