import type { Constraint, Runtime, RuntimeOptions, SearchSpace } from '@mako/contract';
import type { TunerInput, Trial } from '@mako/tuner';
import { isoAt, type AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { METRIC_COLUMNS, METRIC_KEY_OF_COLUMN, type MetricColumn } from '../../db/schema.ts';
import { priorSetting, type PriorSetting } from '../../tuning/physics-prior.ts';
import { sessionObjectives } from '../pareto.ts';
import { throughputCorrection } from '../predictions/running-error.ts';
import { resultsInTrialOrder, trialOf, type SessionRow } from './rows.ts';
import { parameterNames, projectConfig, sessionDefaults } from './search-space.ts';
import { ownSession } from './session-row.ts';

/** How much history from elsewhere seeds the search. */
const PRIOR_SESSION_TRIALS = 300;
const PRIOR_BENCHMARKS = 200;
/**
 * Proposals asked for beyond the request (within the free room). Runners that ask at the same
 * moment see the same state and get the same proposals in the same order; with spares, each one
 * that loses the race to commit takes the next proposal nobody holds instead of asking again.
 */
const SPARE_PROPOSALS = 8;

/** What the search has learnt elsewhere for this model on this hardware: the caller's other sessions and published runs. */
async function priorTrials(
  trx: Db,
  session: SessionRow,
  space: SearchSpace,
  defaults: RuntimeOptions,
): Promise<Trial[]> {
  const names = parameterNames(space);
  const own = await trx
    .selectFrom('tuning_results')
    .innerJoin('tuning_sessions', 'tuning_sessions.id', 'tuning_results.session_id')
    .selectAll('tuning_results')
    .where('tuning_sessions.owner_id', '=', session.owner_id)
    .where('tuning_sessions.id', '!=', session.id)
    .where('tuning_sessions.ml_model_name', '=', session.ml_model_name)
    .where('tuning_sessions.hardware_name', '=', session.hardware_name)
    .where('tuning_sessions.hardware_count', '=', session.hardware_count)
    .where('tuning_sessions.runtime', '=', session.runtime)
    .orderBy('tuning_results.created_at', 'desc')
    .limit(PRIOR_SESSION_TRIALS)
    .execute();
  const published = await trx
    .selectFrom('benchmarks')
    .select(['runtime_options', ...METRIC_COLUMNS])
    .where('published', '=', 1)
    .where('ml_model_name', '=', session.ml_model_name)
    .where('hardware_name', '=', session.hardware_name)
    .where('hardware_count', '=', session.hardware_count)
    .where('runtime', '=', session.runtime)
    .where('session_id', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(PRIOR_BENCHMARKS)
    .execute();
  const trials: Trial[] = [];
  for (const r of own) {
    const trial = trialOf(r, session.hardware_count);
    const config = projectConfig(trial.config, names, defaults);
    if (config) trials.push({ ...trial, config });
  }
  for (const b of published) {
    const config = projectConfig(JSON.parse(b.runtime_options) as RuntimeOptions, names, defaults);
    if (!config) continue;
    const metrics: Record<string, number> = {};
    for (const [column, value] of Object.entries(b))
      if (column.startsWith('m_') && typeof value === 'number')
        metrics[METRIC_KEY_OF_COLUMN.get(column as MetricColumn) ?? column] = value;
    trials.push({ config, metrics, failure: null });
  }
  return trials;
}

/** The tuner's input for a lease, or why there is nothing to ask it. */
export type TunerSnapshot =
  | { kind: 'complete' }
  | { kind: 'wait' }
  | { kind: 'ask'; session: SessionRow; input: TunerInput; prior: PriorSetting | null };

/**
 * Reads what the tuner needs, after returning lapsed leases to the search. It takes no session
 * lock (the commit re-checks everything under it), so that runners asking at once do not queue
 * behind each other, nor results behind them; on PostgreSQL the reads share one snapshot.
 */
export async function tunerSnapshot(
  ctx: AppContext,
  sessionId: string,
  ownerId: string,
  requested: number,
): Promise<TunerSnapshot> {
  const { db } = ctx;
  const now = ctx.now();
  // Lapsed leases go back to the search: they no longer hold a parallel slot or a trial.
  await db
    .updateTable('pending_configs')
    .set({ status: 'expired' })
    .where('session_id', '=', (await ownSession(db, sessionId, ownerId)).id)
    .where('status', '=', 'leased')
    .where('expires_at', '<=', isoAt(now))
    .execute();
  let transaction = db.transaction();
  if (ctx.dialect === 'postgres') transaction = transaction.setIsolationLevel('repeatable read');
  return transaction.execute(async (trx): Promise<TunerSnapshot> => {
    const session = await ownSession(trx, sessionId, ownerId);
    if (session.status === 'complete' || session.status === 'failed') return { kind: 'complete' };
    const pending = await trx
      .selectFrom('pending_configs')
      .select('config')
      .where('session_id', '=', session.id)
      .where('status', '=', 'leased')
      .execute();
    const room = session.max_parallel - pending.length;
    if (room <= 0) return { kind: 'wait' };

    const space = JSON.parse(session.search_space) as SearchSpace;
    const defaults = sessionDefaults(session.runtime as Runtime, space);
    const results = await resultsInTrialOrder(trx, session.id);
    const setting = await trx
      .selectFrom('benchmark_settings')
      .select(['max_seq_length', 'min_prompt', 'max_prompt', 'min_output', 'max_output'])
      .where('id', '=', session.setting_id)
      .executeTakeFirstOrThrow();
    const constraints = JSON.parse(session.constraints) as Constraint[];
    const input: TunerInput = {
      space: { parameters: space.parameters, rules: space.rules ?? [] },
      objective: { metric: session.objective_metric, direction: session.objective_direction },
      ...(session.objectives !== null ? { objectives: sessionObjectives(session) ?? [] } : {}),
      constraints,
      trials: results.map((r) => trialOf(r, session.hardware_count)),
      pending: pending.map((p) => JSON.parse(p.config) as RuntimeOptions),
      budget: { max_trials: session.max_trials, max_parallel: session.max_parallel },
      context: { gpu_count: session.hardware_count, max_seq_length: setting.max_seq_length },
      seed: session.seed,
      count: Math.min(requested + SPARE_PROPOSALS, room),
      warmStart: { defaults, priorTrials: await priorTrials(trx, session, space, defaults) },
    };
    const prior = priorSetting(session, setting, constraints, await throughputCorrection(trx, session, ownerId));
    return { kind: 'ask', session, input, prior };
  });
}
