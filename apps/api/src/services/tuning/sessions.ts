import { randomInt, randomUUID } from 'node:crypto';
import { API_MESSAGES, type TuningSessionCreate } from '@mako/contract';
import type { z } from 'zod';
import { isoAt, type AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { findOrCreateSetting } from '../benchmarks/settings.ts';
import { Forbidden } from '../errors.ts';
import { newestFirstList } from '../newest-first.ts';
import { subscriptionOf } from '../plans.ts';
import { confidenceBySession } from './remeasure.ts';
import { toSessions, type SessionRow } from './rows.ts';
import { checkSpace } from './search-space.ts';
import { ownSession } from './session-row.ts';

type SessionCreate = z.output<typeof TuningSessionCreate>;

/** The caller's tuning sessions: starting one, listing them, reading one. */
export function tuningSessions(ctx: AppContext) {
  const { db } = ctx;

  /** Sessions as answers; those created with `confirm` say so and carry their best's confidence. */
  async function answers(rows: SessionRow[], viewerId: string) {
    const [sessions, confidence] = await Promise.all([
      toSessions(db, rows, ctx.now(), viewerId),
      confidenceBySession(db, rows),
    ]);
    return sessions.map((answer, i) => {
      const repeats = rows[i]!.confirm_repeats;
      if (repeats === 0) return answer;
      const known = confidence.get(answer.id);
      return {
        ...answer,
        confirm: { repeats },
        best: answer.best && known ? { ...answer.best, confidence: known } : answer.best,
      };
    });
  }

  async function sessionAnswer(session: SessionRow, viewerId: string) {
    const [answer] = await answers([session], viewerId);
    return answer!;
  }

  return {
    /** Starts a session within the owner's plan limits, once its search space holds together. */
    async create(owner: string, name: string | null, body: SessionCreate) {
      checkSpace(body.search_space);
      const id = randomUUID();
      await inTransaction(db, async (trx) => {
        // Serialise a user's concurrent creations so that the plan limit cannot be raced past. FOR NO
        // KEY UPDATE, not FOR UPDATE: the latter also blocks the key-share lock every foreign key
        // check on the user takes, so a benchmark insert that holds the catalogue version (its
        // trigger) and checks its owner would deadlock with this create waiting for that version.
        if (ctx.dialect === 'postgres')
          await trx.selectFrom('users').select('id').where('id', '=', owner).forNoKeyUpdate().execute();
        const { plan } = await subscriptionOf(trx, owner);
        const active = await trx
          .selectFrom('tuning_sessions')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('owner_id', '=', owner)
          .where('status', 'in', ['pending', 'running'])
          .executeTakeFirstOrThrow();
        const { active_tuning_sessions: maxActive, max_trials_per_session: maxTrials } = plan.limits;
        if (
          (maxActive !== null && Number(active.count) >= maxActive) ||
          (maxTrials !== null && body.budget.max_trials > maxTrials)
        )
          throw new Forbidden(API_MESSAGES.createSessionForbidden);
        const now = ctx.now();
        const setting = await findOrCreateSetting(trx, owner, body.setting, now);
        await trx
          .insertInto('tuning_sessions')
          .values({
            id,
            owner_id: owner,
            name:
              name ??
              `${body.setting.ml_model_name} on ${body.setting.hardware_config.count}x ${body.setting.hardware_config.name}`,
            setting_id: setting.id,
            ml_model_name: body.setting.ml_model_name,
            hardware_name: body.setting.hardware_config.name,
            hardware_count: body.setting.hardware_config.count,
            runtime: body.setting.software.runtime,
            status: 'pending',
            objective_metric: body.objective.metric,
            objective_direction: body.objective.direction,
            objectives: body.objectives ? JSON.stringify(body.objectives) : null,
            constraints: JSON.stringify(body.constraints),
            search_space: JSON.stringify(body.search_space),
            max_trials: body.budget.max_trials,
            max_parallel: body.budget.max_parallel,
            seed: body.seed ?? randomInt(2 ** 31 - 1),
            next_trial_number: 1,
            evaluated_count: 0,
            failed_count: 0,
            best_result_id: null,
            best_value: null,
            default_value: null,
            shared: 0,
            confirm_repeats: body.confirm?.repeats ?? 0,
            created_at: isoAt(now),
            updated_at: isoAt(now),
          })
          .execute();
      });
      return sessionAnswer(await ownSession(db, id, owner), owner);
    },

    async list(owner: string, limit: number, offset: number) {
      const mine = db.selectFrom('tuning_sessions').where('owner_id', '=', owner);
      const { rows, count } = await newestFirstList(mine, limit, offset);
      return { data: await answers(rows, owner), count };
    },

    async get(sessionId: string, owner: string) {
      return sessionAnswer(await ownSession(db, sessionId, owner), owner);
    },
  };
}
