import { randomUUID } from 'node:crypto';
import {
  launchCommand,
  type BenchmarkMetrics,
  type Constraint,
  type Failure,
  type MetricKey,
  type Runtime,
  type RuntimeOptions,
  type SearchSpace,
  type TuningResultCreate,
} from '@mako/contract';
import type { z } from 'zod';
import { isoAt, type AppContext } from '../../context.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import type { ErrorRow } from '../predictions/running-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import { metricsConsistent } from '../benchmarks/checks.ts';
import { insertBenchmark, measuredPrediction } from '../benchmarks/store.ts';
import type { SettingRow } from '../benchmarks/settings.ts';
import { Conflict, notFound } from '../errors.ts';
import { measuresEvery, sessionObjectives, withObjectiveValues } from '../pareto.ts';
import { evaluate, flattenMetrics, isBetter } from './evaluation.ts';
import { confidenceBySession, settleConfirming } from './remeasure.ts';
import { pendingOf, toResult } from './rows.ts';
import { isDefaults, sessionDefaults } from './search-space.ts';
import { lockSession, ownSession } from './session-row.ts';

type ResultCreate = z.output<typeof TuningResultCreate>;

/** A session's results: recording a runner's, listing them, and the best one. */
export function tuningResults(ctx: AppContext) {
  const { db } = ctx;
  return {
    /**
     * Records a runner's measurement (or failure) of a leased configuration, stores its metrics as
     * an unpublished benchmark of the session, and moves the session's best, counts and status on.
     * `byRunner`: reported with an API token, so the benchmark may count as verified.
     */
    async post(sessionId: string, owner: string, body: ResultCreate, byRunner: boolean) {
      // perf-model runs before the transaction: the session's setting and the trial's flags never change.
      const measured = body.metrics
        ? await trialPrediction(db, sessionId, owner, body.pending_config_id, body.metrics)
        : null;
      const resultId = await inTransaction(db, async (trx) => {
        const session = await lockSession(ctx, trx, sessionId, owner);
        const pending = await pendingOf(trx, session.id, body.pending_config_id);
        // A late result for a lapsed lease is still a measurement worth keeping.
        if (pending.status === 'evaluated') throw new Conflict('A result was already reported for this configuration');

        const now = ctx.now();
        const config = JSON.parse(pending.config) as RuntimeOptions;
        const objective = session.objective_metric as MetricKey;
        const cost = body.cost_per_million_tokens ?? null;
        const flat = body.metrics ? flattenMetrics(body.metrics, session.hardware_count, cost) : null;
        const evaluation = evaluate(flat, objective, JSON.parse(session.constraints) as Constraint[]);
        const { objectiveValue } = evaluation;
        const feasible = evaluation.feasible && measuresEvery(flat, sessionObjectives(session));

        let benchmarkId: string | null = null;
        if (body.metrics && measured) {
          benchmarkId = await insertBenchmark(trx, {
            ownerId: owner,
            // Read with the prediction: the columns and owner a benchmark copies never change.
            setting: measured.setting,
            input: {
              runtime_options: config,
              metrics: body.metrics,
              cost_per_million_tokens: cost,
              published: false,
              notes: `Trial ${pending.trial_number} of tuning session "${session.name}"`,
              ...(body.provenance ? { provenance: body.provenance } : {}),
            },
            prediction: measured.prediction,
            sessionId: session.id,
            verified: byRunner && metricsConsistent(body.metrics),
            now,
          });
        }
        const id = randomUUID();
        try {
          await trx
            .insertInto('tuning_results')
            .values({
              id,
              session_id: session.id,
              pending_config_id: pending.id,
              trial_number: pending.trial_number,
              config: pending.config,
              objective_value: objectiveValue,
              feasible: feasible ? 1 : 0,
              metrics: body.metrics ? JSON.stringify(body.metrics) : null,
              cost_per_million_tokens: cost,
              failure: body.failure ? JSON.stringify(body.failure satisfies Failure) : null,
              benchmark_id: benchmarkId,
              created_at: isoAt(now),
              remeasure: pending.remeasure,
              // Kept beside the result, which its list then reads without the benchmark's provenance.
              flag_mismatches:
                benchmarkId && body.provenance?.mismatches.length ? JSON.stringify(body.provenance.mismatches) : null,
            })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new Conflict('A result was already reported for this configuration');
          throw error;
        }
        await trx.updateTable('pending_configs').set({ status: 'evaluated' }).where('id', '=', pending.id).execute();

        // A re-measure is no new trial: the counts (and the budget they fill) are of trials.
        const counted = pending.remeasure === 0;
        const evaluated = session.evaluated_count + (counted && body.metrics ? 1 : 0);
        const failed = session.failed_count + (counted && body.failure ? 1 : 0);
        const improves =
          feasible &&
          objectiveValue !== null &&
          isBetter(objectiveValue, session.best_value, session.objective_direction);
        const space = JSON.parse(session.search_space) as SearchSpace;
        const measuresDefaults =
          session.default_value === null &&
          objectiveValue !== null &&
          isDefaults(config, sessionDefaults(session.runtime as Runtime, space));
        const stillLeased = await trx
          .selectFrom('pending_configs')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('session_id', '=', session.id)
          .where('status', '=', 'leased')
          .where('expires_at', '>', isoAt(now))
          .executeTakeFirstOrThrow();
        let budgetSpent = evaluated + failed >= session.max_trials && Number(stillLeased.count) === 0;
        let best: { best_result_id?: string; best_value?: number | null } = improves
          ? { best_result_id: id, best_value: objectiveValue }
          : {};
        if (session.confirm_repeats > 0) {
          // The best is the best mean, and the session ends only once its winner is re-measured.
          const searchOver = session.search_over === 1 || evaluated + failed >= session.max_trials;
          const settled = await settleConfirming(trx, session, now, searchOver);
          best = settled.best ? { best_result_id: settled.best.firstResultId, best_value: settled.best.mean } : {};
          budgetSpent = settled.complete;
        }
        const open = session.status === 'pending' || session.status === 'running';
        await trx
          .updateTable('tuning_sessions')
          .set({
            evaluated_count: evaluated,
            failed_count: failed,
            ...best,
            ...(measuresDefaults ? { default_value: objectiveValue } : {}),
            ...(open && budgetSpent ? { status: evaluated > 0 ? 'complete' : 'failed' } : {}),
            updated_at: isoAt(now),
          })
          .where('id', '=', session.id)
          .execute();
        return id;
      });
      const row = await db
        .selectFrom('tuning_results')
        .selectAll()
        .where('id', '=', resultId)
        .executeTakeFirstOrThrow();
      return withObjectiveValues(toResult(row), row, await ownSession(db, sessionId, owner));
    },

    async list(sessionId: string, owner: string, limit: number, offset: number) {
      const session = await ownSession(db, sessionId, owner);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('tuning_results')
          .selectAll()
          .where('session_id', '=', session.id)
          .orderBy('trial_number')
          .orderBy('created_at')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('tuning_results')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('session_id', '=', session.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map((r) => withObjectiveValues(toResult(r), r, session)),
        count: Number(total.count),
      };
    },

    async best(sessionId: string, owner: string) {
      const session = await ownSession(db, sessionId, owner);
      if (!session.best_result_id) throw notFound('Feasible result');
      const row = await db
        .selectFrom('tuning_results')
        .selectAll()
        .where('id', '=', session.best_result_id)
        .executeTakeFirstOrThrow();
      const result = withObjectiveValues(toResult(row), row, session);
      // The mean of its measurements when it was re-measured (else its one reading).
      const best = session.best_value ?? (result.objective_value as number);
      const base = session.default_value;
      const improvement =
        base !== null && base !== 0
          ? ((session.objective_direction === 'maximize' ? best - base : base - best) / Math.abs(base)) * 100
          : null;
      const confidence = (await confidenceBySession(db, [session])).get(session.id);
      return {
        session_id: session.id,
        result,
        improvement_pct: improvement,
        launch_command: launchCommand(session.runtime as Runtime, session.ml_model_name, result.config),
        ...(confidence ? { confidence } : {}),
      };
    },
  };
}

/** perf-model's prediction for a trial's measurement and the session's setting, read and simulated outside any transaction. */
async function trialPrediction(
  db: Db,
  sessionId: string,
  owner: string,
  pendingConfigId: string,
  metrics: BenchmarkMetrics,
): Promise<{ setting: SettingRow; prediction: ErrorRow }> {
  const session = await ownSession(db, sessionId, owner);
  const pending = await pendingOf(db, session.id, pendingConfigId);
  const setting = await db
    .selectFrom('benchmark_settings')
    .selectAll()
    .where('id', '=', session.setting_id)
    .executeTakeFirstOrThrow();
  return {
    setting,
    prediction: measuredPrediction(setting, { runtime_options: JSON.parse(pending.config) as RuntimeOptions, metrics }),
  };
}
