import type { Selectable } from 'kysely';
import type {
  BenchmarkMetrics,
  Constraint,
  FlagMismatch,
  MetricKey,
  Objective,
  PendingConfig,
  RuntimeOptions,
  TuningResult,
  TuningSession,
} from '@mako/contract';
import type { Config as TunerConfig, FailureKind, Trial } from '@mako/tuner';
import type { PendingConfigTable, TuningResultTable, TuningSessionTable } from '../../db/schema.ts';
import { isoAt } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { toSetting } from '../benchmarks/settings.ts';
import { scopedRow } from '../scoped-row.ts';
import { paretoFronts, sessionObjectives } from '../pareto.ts';
import { flattenMetrics } from './evaluation.ts';

/* The tuning tables' rows: the reads the services share, and what rows read as (answers, the tuner's trials). */

export type SessionRow = Selectable<TuningSessionTable>;
export type ResultRow = Selectable<TuningResultTable>;
export type PendingRow = Selectable<PendingConfigTable>;

/** A session's results in trial order (what the tuner reads as its trials). */
export const resultsInTrialOrder = (from: Db, sessionId: string): Promise<ResultRow[]> =>
  from.selectFrom('tuning_results').selectAll().where('session_id', '=', sessionId).orderBy('trial_number').execute();

/** A pending configuration of the session; "not found" when it is another session's. */
export const pendingOf = (from: Db, sessionId: string, pendingConfigId: string): Promise<PendingRow> =>
  scopedRow(from, 'pending_configs', { id: pendingConfigId, session_id: sessionId }, 'Pending configuration');

export const sessionObjective = (s: SessionRow): Objective => ({
  metric: s.objective_metric as MetricKey,
  direction: s.objective_direction,
});

export function toResult(r: ResultRow): TuningResult {
  return {
    id: r.id,
    session_id: r.session_id,
    pending_config_id: r.pending_config_id,
    trial_number: r.trial_number,
    config: JSON.parse(r.config) as RuntimeOptions,
    objective_value: r.objective_value,
    feasible: r.feasible === 1,
    metrics: r.metrics === null ? null : (JSON.parse(r.metrics) as BenchmarkMetrics),
    failure: r.failure === null ? null : (JSON.parse(r.failure) as TuningResult['failure']),
    benchmark_id: r.benchmark_id,
    created_at: r.created_at,
    ...(r.remeasure === 1 ? { remeasure: true } : {}),
    ...(r.flag_mismatches === null ? {} : { flag_mismatches: JSON.parse(r.flag_mismatches) as FlagMismatch[] }),
  };
}

export function toPending(p: PendingRow, now: number): PendingConfig {
  const lapsed = p.status === 'leased' && p.expires_at <= isoAt(now);
  return {
    id: p.id,
    session_id: p.session_id,
    trial_number: p.trial_number,
    config: JSON.parse(p.config) as RuntimeOptions,
    status: lapsed ? 'expired' : p.status,
    leased_by: p.leased_by,
    created_at: p.created_at,
    expires_at: p.expires_at,
    ...(p.remeasure === 1 ? { remeasure: true } : {}),
  };
}

export const trialOf = (r: ResultRow, gpuCount: number): Trial => {
  const metrics = r.metrics === null ? null : (JSON.parse(r.metrics) as BenchmarkMetrics);
  return {
    config: JSON.parse(r.config) as TunerConfig,
    metrics: metrics ? flattenMetrics(metrics, gpuCount, r.cost_per_million_tokens) : null,
    failure: r.failure === null ? null : { kind: (JSON.parse(r.failure) as { kind: FailureKind }).kind },
  };
};

/** Sessions as answers, with live pending counts and best results fetched in bulk. */
export async function toSessions(
  db: Db,
  rows: SessionRow[],
  now: number,
  viewerId: string | null,
): Promise<TuningSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const settingIds = [...new Set(rows.map((r) => r.setting_id))];
  const bestIds = rows.map((r) => r.best_result_id).filter((id): id is string => id !== null);
  const [settings, pending, bests, fronts] = await Promise.all([
    db.selectFrom('benchmark_settings').selectAll().where('id', 'in', settingIds).execute(),
    db
      .selectFrom('pending_configs')
      .select(['session_id', (eb) => eb.fn.countAll().as('count')])
      .where('session_id', 'in', ids)
      .where('status', '=', 'leased')
      .where('expires_at', '>', isoAt(now))
      .groupBy('session_id')
      .execute(),
    bestIds.length
      ? db.selectFrom('tuning_results').select(['id', 'trial_number', 'config']).where('id', 'in', bestIds).execute()
      : Promise.resolve([]),
    paretoFronts(db, rows),
  ]);
  const settingById = new Map(settings.map((s) => [s.id, s]));
  const pendingBySession = new Map(pending.map((p) => [p.session_id, Number(p.count)]));
  const bestById = new Map(bests.map((b) => [b.id, b]));
  return rows.map((s) => {
    const setting = settingById.get(s.setting_id);
    if (!setting) throw new Error(`Tuning session ${s.id} has no setting`);
    const best = s.best_result_id ? bestById.get(s.best_result_id) : undefined;
    const objectives = sessionObjectives(s);
    return {
      id: s.id,
      name: s.name,
      setting: toSetting(setting, viewerId),
      status: s.status,
      objective: sessionObjective(s),
      constraints: JSON.parse(s.constraints) as Constraint[],
      search_space: JSON.parse(s.search_space) as TuningSession['search_space'],
      budget: { max_trials: s.max_trials, max_parallel: s.max_parallel },
      counts: { evaluated: s.evaluated_count, pending: pendingBySession.get(s.id) ?? 0, failed: s.failed_count },
      best:
        best && s.best_value !== null
          ? {
              result_id: best.id,
              trial_number: best.trial_number,
              config: JSON.parse(best.config) as RuntimeOptions,
              objective_value: s.best_value,
            }
          : null,
      ...(objectives ? { objectives, pareto_front: fronts.get(s.id) ?? [] } : {}),
      default_objective_value: s.default_value,
      shared: s.shared === 1,
      owner: s.owner_id,
      created_at: s.created_at,
      updated_at: s.updated_at,
    };
  });
}
