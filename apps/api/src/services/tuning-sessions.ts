import { randomInt, randomUUID } from 'node:crypto';
import {
  API_MESSAGES,
  launchCommand,
  type Constraint,
  type Failure,
  type MetricKey,
  type Runtime,
  type RuntimeOptions,
  type SearchSpace,
  type TuningResultCreate,
  type TuningSessionCreate,
} from '@mako/contract';
import { mergeRepeats, type Explanation, type TunerInput, type TunerOutput, type Trial } from '@mako/tuner';
import type { z } from 'zod';
import { isoAt, type AppContext } from '../context.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import { METRIC_COLUMNS, METRIC_KEY_OF_COLUMN, type MetricColumn } from '../db/schema.ts';
import { findOrCreateSetting, insertBenchmark, metricsConsistent } from './benchmarks.ts';
import { Conflict, Failed, Forbidden, Gone, notFound } from './errors.ts';
import { measuresEvery, sessionObjectives, withObjectiveValues } from './pareto.ts';
import { subscriptionOf } from './plans.ts';
import { confidenceBySession, leaseRemeasures, settleConfirming } from './remeasure.ts';
import { priorSetting, type PriorSetting } from '../tuning/physics-prior.ts';
import {
  endSession,
  evaluate,
  flattenMetrics,
  isBetter,
  isDefaults,
  parameterNames,
  projectConfig,
  sessionDefaults,
  toPending,
  toResult,
  toSessions,
  trialOf,
  type SessionRow,
} from './tuning.ts';
import { newestFirstPage } from './newest-first.ts';
import { inTransaction } from '../db/transaction.ts';

/** How much history from elsewhere seeds the search. */
const PRIOR_SESSION_TRIALS = 300;
const PRIOR_BENCHMARKS = 200;
/**
 * Proposals asked for beyond the request (within the free room). Runners that ask at the same
 * moment see the same state and get the same proposals in the same order; with spares, each one
 * that loses the race to commit takes the next proposal nobody holds instead of asking again.
 */
const SPARE_PROPOSALS = 8;
/** Rounds of leasing before a caller whose proposals other runners keep taking first is told to wait. */
const MAX_LEASE_ATTEMPTS = 5;

/** A configuration's identity regardless of key order. */
const configKey = (config: RuntimeOptions) =>
  JSON.stringify(
    Object.keys(config)
      .sort()
      .map((k) => [k, config[k]]),
  );

type LeaseOutcome = { kind: 'leased'; ids: string[] } | { kind: 'wait' } | { kind: 'complete' } | { kind: 'error' };

type SessionCreate = z.output<typeof TuningSessionCreate>;
type ResultCreate = z.output<typeof TuningResultCreate>;

/**
 * The tuning sessions of a server: their queries and rules, and the tuner calls that runners of
 * one session share (so one per process).
 */
/** Sessions whose explanation a process remembers (the most recently explained ones). */
const MAX_EXPLANATIONS = 200;

export function tuningSessions(ctx: AppContext) {
  const explanations = new Map<string, Explanation>();
  const { db } = ctx;

  /**
   * The caller's session, locked so that concurrent leases and results serialise: a row lock on
   * PostgreSQL; on SQLite a no-op write first, which takes the database's write lock at once (as
   * BEGIN IMMEDIATE would), so that another server process on the same file waits for it instead
   * of failing the transaction when it later writes.
   */
  async function lockSession(trx: Db, sessionId: string, ownerId: string): Promise<SessionRow> {
    if (ctx.dialect === 'sqlite')
      await trx
        .updateTable('tuning_sessions')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', sessionId)
        .execute();
    let query = trx
      .selectFrom('tuning_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('owner_id', '=', ownerId);
    // No key update: a benchmark of the session checking its foreign key must not wait for the lock.
    if (ctx.dialect === 'postgres') query = query.forNoKeyUpdate();
    const session = await query.executeTakeFirst();
    if (!session) throw notFound('Tuning session');
    return session;
  }

  /** The caller's session, read with `from` (a transaction's snapshot, or the database itself). */
  async function ownSession(sessionId: string, ownerId: string, from: Db = db): Promise<SessionRow> {
    const session = await from
      .selectFrom('tuning_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!session) throw notFound('Tuning session');
    return session;
  }

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

  type Snapshot =
    | { kind: 'done'; outcome: LeaseOutcome }
    | { kind: 'ask'; session: SessionRow; input: TunerInput; prior: PriorSetting | null };

  /**
   * Reads what the tuner needs, after returning lapsed leases to the search. It takes no session
   * lock (the commit re-checks everything under it), so that runners asking at once do not queue
   * behind each other, nor results behind them; on PostgreSQL the reads share one snapshot.
   */
  async function snapshot(sessionId: string, ownerId: string, requested: number): Promise<Snapshot> {
    const now = ctx.now();
    // Lapsed leases go back to the search: they no longer hold a parallel slot or a trial.
    await db
      .updateTable('pending_configs')
      .set({ status: 'expired' })
      .where('session_id', '=', (await ownSession(sessionId, ownerId)).id)
      .where('status', '=', 'leased')
      .where('expires_at', '<=', isoAt(now))
      .execute();
    let transaction = db.transaction();
    if (ctx.dialect === 'postgres') transaction = transaction.setIsolationLevel('repeatable read');
    return transaction.execute(async (trx): Promise<Snapshot> => {
      const session = await ownSession(sessionId, ownerId, trx);
      if (session.status === 'complete' || session.status === 'failed')
        return { kind: 'done', outcome: { kind: 'complete' } };
      const pending = await trx
        .selectFrom('pending_configs')
        .select('config')
        .where('session_id', '=', session.id)
        .where('status', '=', 'leased')
        .execute();
      const room = session.max_parallel - pending.length;
      if (room <= 0) return { kind: 'done', outcome: { kind: 'wait' } };

      const space = JSON.parse(session.search_space) as SearchSpace;
      const defaults = sessionDefaults(session.runtime as Runtime, space);
      const results = await trx
        .selectFrom('tuning_results')
        .selectAll()
        .where('session_id', '=', session.id)
        .orderBy('trial_number')
        .execute();
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
      return { kind: 'ask', session, input, prior: priorSetting(session, setting, constraints) };
    });
  }

  const proposals = new Map<string, Promise<TunerOutput>>();

  /**
   * Runners of a session that ask about the same state share one tuner call (whose spares cover
   * them all) instead of queueing one call each for the tuner's thread. The state is named by what
   * changes it: a lease moves the next trial number, a result adds a trial, a lapsed lease drops a pending one.
   */
  function proposeShared(session: SessionRow, input: TunerInput, prior: PriorSetting | null): Promise<TunerOutput> {
    const key = [session.id, session.next_trial_number, input.trials.length, input.pending.length, input.count].join(
      ' ',
    );
    let running = proposals.get(key);
    if (!running) {
      running = ctx.propose(input, prior).finally(() => proposals.delete(key));
      proposals.set(key, running);
    }
    return running;
  }

  /**
   * Leases the tuner's next configurations. The tuner runs outside any transaction (it takes tens
   * of milliseconds), so other runners may lease meanwhile. The answer is committed under the
   * session lock, where the free room is counted again and filled with the first proposals (spares
   * included) that nobody holds or measured yet. Only when every proposal is taken is the tuner
   * asked again on fresh state. So a runner that asks while a slot is free gets a configuration, and concurrent
   * callers can never lease more than the parallelism or the trial budget allows.
   */
  async function lease(
    sessionId: string,
    ownerId: string,
    requested: number,
    runnerName: string | null,
  ): Promise<LeaseOutcome> {
    for (let attempt = 0; attempt < MAX_LEASE_ATTEMPTS; attempt++) {
      const state = await snapshot(sessionId, ownerId, requested);
      if (state.kind === 'done') return state.outcome;
      const { session, input, prior } = state;
      if (
        session.confirm_repeats > 0 &&
        (session.search_over === 1 || mergeRepeats(input.trials).length >= session.max_trials)
      )
        return confirmWinner(session.id, ownerId, requested, runnerName);

      let output: TunerOutput;
      try {
        output = await proposeShared(session, input, prior);
      } catch (error) {
        ctx.log.error({ err: error, session: session.id }, 'The tuner failed');
        return { kind: 'error' };
      }
      if (output.kind === 'wait') return { kind: 'wait' };
      if (output.kind === 'error') {
        ctx.log.error({ session: session.id, reason: output.message }, 'The tuner reported an error');
        return { kind: 'error' };
      }
      const proposed = output.kind === 'propose' ? output.configs.slice(0, input.count) : [];
      if (output.kind === 'propose' && proposed.length === 0) return { kind: 'wait' };

      const committed = await inTransaction(db, async (trx): Promise<LeaseOutcome | null> => {
        const current = await lockSession(trx, session.id, ownerId);
        const open = current.status === 'pending' || current.status === 'running';
        if (!open) return { kind: 'complete' };
        const raced = current.next_trial_number !== session.next_trial_number;
        const now = ctx.now();
        if (output.kind === 'complete') {
          // "Nothing left to try" was judged without the leases made since; ask again.
          if (raced) return null;
          if (current.confirm_repeats > 0) {
            // The search is over, the confirmation is not: the next round re-measures.
            await trx.updateTable('tuning_sessions').set({ search_over: 1 }).where('id', '=', session.id).execute();
            return null;
          }
          await endSession(trx, current, now);
          return { kind: 'complete' };
        }
        // Results may have come in since the snapshot too: count the room and what is taken afresh.
        const free = await freeRoom(trx, current, now);
        if (free.room <= 0) return { kind: 'wait' };
        const configs = proposed.filter((c) => !free.taken.has(configKey(c))).slice(0, Math.min(requested, free.room));
        if (configs.length === 0) return null;
        const rows = configs.map((config, i) => ({
          id: randomUUID(),
          session_id: session.id,
          trial_number: current.next_trial_number + i,
          config: JSON.stringify(config),
          status: 'leased' as const,
          leased_by: runnerName,
          created_at: isoAt(now),
          expires_at: isoAt(now + ctx.config.leaseTtlS * 1000),
        }));
        await trx.insertInto('pending_configs').values(rows).execute();
        await trx
          .updateTable('tuning_sessions')
          .set({
            next_trial_number: current.next_trial_number + rows.length,
            status: 'running',
            updated_at: isoAt(now),
          })
          .where('id', '=', session.id)
          .execute();
        return { kind: 'leased', ids: rows.map((r) => r.id) };
      });
      if (committed) return committed;
    }
    // Every proposal was taken by other runners before it could be committed: they hold the slots for now.
    return { kind: 'wait' };
  }

  /** Once the search is over: re-measures of the incumbent and the runner-up (remeasure.ts). */
  function confirmWinner(sessionId: string, ownerId: string, requested: number, runnerName: string | null) {
    return inTransaction(db, async (trx): Promise<LeaseOutcome> => {
      const current = await lockSession(trx, sessionId, ownerId);
      if (current.status !== 'pending' && current.status !== 'running') return { kind: 'complete' };
      return leaseRemeasures(trx, ctx, current, requested, runnerName);
    });
  }

  /**
   * Under the session lock: how many more configurations may be leased now (parallel slots and
   * trial budget), and the configurations that are held or measured (which must not be leased again).
   */
  async function freeRoom(trx: Db, session: SessionRow, now: number): Promise<{ room: number; taken: Set<string> }> {
    const held = await trx
      .selectFrom('pending_configs')
      .select(['config', 'remeasure'])
      .where('session_id', '=', session.id)
      .where('status', '=', 'leased')
      .where('expires_at', '>', isoAt(now))
      .execute();
    const measured = await trx
      .selectFrom('tuning_results')
      .select('config')
      .where('session_id', '=', session.id)
      .where('remeasure', '=', 0)
      .execute();
    // Re-measures take a parallel slot but are no trial of the search's budget.
    const search = held.filter((h) => h.remeasure === 0).length;
    const room = Math.min(session.max_parallel - held.length, session.max_trials - measured.length - search);
    const taken = new Set([...held, ...measured].map((r) => configKey(JSON.parse(r.config) as RuntimeOptions)));
    return { room, taken };
  }

  return {
    /** Starts a session within the owner's plan limits. Check its search space first (`checkSpace`). */
    async create(owner: string, name: string | null, body: SessionCreate) {
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
      return sessionAnswer(await ownSession(id, owner), owner);
    },

    async list(owner: string, limit: number, offset: number) {
      const mine = db.selectFrom('tuning_sessions').where('owner_id', '=', owner);
      const { rows, count } = await newestFirstPage(mine, limit, offset);
      return { data: await answers(rows, owner), count };
    },

    async get(sessionId: string, owner: string) {
      return sessionAnswer(await ownSession(sessionId, owner), owner);
    },

    /** Leases up to `count` configurations to a runner; refuses when the slots are taken or the search is over. */
    async nextConfigs(sessionId: string, owner: string, count: number, runnerName: string | null) {
      const outcome = await lease(sessionId, owner, count, runnerName);
      switch (outcome.kind) {
        case 'wait':
          throw new Conflict(API_MESSAGES.pendingEvaluations);
        case 'complete':
          throw new Gone(API_MESSAGES.searchComplete);
        case 'error':
          throw new Failed(API_MESSAGES.searchError);
        case 'leased': {
          const rows = await db
            .selectFrom('pending_configs')
            .selectAll()
            .where('id', 'in', outcome.ids)
            .orderBy('trial_number')
            .execute();
          return { configs: rows.map((r) => toPending(r, ctx.now())) };
        }
      }
    },

    async pendingConfig(sessionId: string, pendingConfigId: string, owner: string) {
      await ownSession(sessionId, owner);
      const row = await db
        .selectFrom('pending_configs')
        .selectAll()
        .where('id', '=', pendingConfigId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!row) throw notFound('Pending configuration');
      return toPending(row, ctx.now());
    },

    /**
     * Gives a live lease back to the search unmeasured, as a lapsed one goes: it no longer holds a
     * parallel slot or a trial, and no result is recorded against its configuration. A runner does
     * this when nothing it could measure would be about the configuration (its engine command is
     * broken), or when its result could not be posted, so that the session neither waits for the
     * lease to lapse nor counts a false failure.
     */
    async releaseConfig(sessionId: string, pendingConfigId: string, owner: string) {
      await ownSession(sessionId, owner);
      const released = await db
        .updateTable('pending_configs')
        .set({ status: 'expired' })
        .where('id', '=', pendingConfigId)
        .where('session_id', '=', sessionId)
        .where('status', '=', 'leased')
        .where('expires_at', '>', isoAt(ctx.now()))
        .executeTakeFirst();
      if (Number(released.numUpdatedRows) === 0) {
        const row = await db
          .selectFrom('pending_configs')
          .select('id')
          .where('id', '=', pendingConfigId)
          .where('session_id', '=', sessionId)
          .executeTakeFirst();
        if (!row) throw notFound('Pending configuration');
        throw new Conflict('This configuration is not leased: it was already reported, released or has lapsed');
      }
      return { message: 'The configuration was given back to the search' };
    },

    /**
     * Records a runner's measurement (or failure) of a leased configuration, stores its metrics as
     * an unpublished benchmark of the session, and moves the session's best, counts and status on.
     * `byRunner`: reported with an API token, so the benchmark may count as verified.
     */
    async postResult(sessionId: string, owner: string, body: ResultCreate, byRunner: boolean) {
      const resultId = await inTransaction(db, async (trx) => {
        const session = await lockSession(trx, sessionId, owner);
        const pending = await trx
          .selectFrom('pending_configs')
          .selectAll()
          .where('id', '=', body.pending_config_id)
          .where('session_id', '=', session.id)
          .executeTakeFirst();
        if (!pending) throw notFound('Pending configuration');
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
        if (body.metrics) {
          const setting = await trx
            .selectFrom('benchmark_settings')
            .selectAll()
            .where('id', '=', session.setting_id)
            .executeTakeFirstOrThrow();
          benchmarkId = await insertBenchmark(trx, {
            ownerId: owner,
            setting,
            input: {
              runtime_options: config,
              metrics: body.metrics,
              cost_per_million_tokens: cost,
              published: false,
              notes: `Trial ${pending.trial_number} of tuning session "${session.name}"`,
            },
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
      const session = await ownSession(sessionId, owner);
      return withObjectiveValues(toResult(row), row, session);
    },

    async listResults(sessionId: string, owner: string, limit: number, offset: number) {
      const session = await ownSession(sessionId, owner);
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
      return { data: rows.map((r) => withObjectiveValues(toResult(r), r, session)), count: Number(total.count) };
    },

    /**
     * Why the search chose what it chose: each flag's importance and the learned failure regions,
     * fitted on the trials so far. Results only ever append, so a session's explanation is
     * remembered until its next result.
     */
    async insights(sessionId: string, owner: string): Promise<Explanation> {
      const session = await ownSession(sessionId, owner);
      const results = await db
        .selectFrom('tuning_results')
        .selectAll()
        .where('session_id', '=', session.id)
        .orderBy('trial_number')
        .execute();
      const key = `${session.id}:${results.length}`;
      const remembered = explanations.get(key);
      if (remembered) return remembered;
      const setting = await db
        .selectFrom('benchmark_settings')
        .select('max_seq_length')
        .where('id', '=', session.setting_id)
        .executeTakeFirstOrThrow();
      const space = JSON.parse(session.search_space) as SearchSpace;
      let output: Explanation | { error: string };
      try {
        output = await ctx.explain({
          space: { parameters: space.parameters, rules: space.rules ?? [] },
          objective: { metric: session.objective_metric },
          trials: results.map((r) => trialOf(r, session.hardware_count)),
          context: { gpu_count: session.hardware_count, max_seq_length: setting.max_seq_length },
        });
      } catch (error) {
        ctx.log.error({ err: error, session: session.id }, 'explaining the session failed');
        throw new Failed('Internal search error');
      }
      // The space was checked when the session was created: an error here is the tuner's fault.
      if ('error' in output) throw new Failed(`Internal search error: ${output.error}`);
      explanations.set(key, output);
      // Only the latest state of a session is worth keeping; the map stays small.
      for (const stale of explanations.keys()) {
        if (explanations.size <= MAX_EXPLANATIONS) break;
        explanations.delete(stale);
      }
      return output;
    },

    async best(sessionId: string, owner: string) {
      const session = await ownSession(sessionId, owner);
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
