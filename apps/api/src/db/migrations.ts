import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { splitCost } from '@mako/contract';
import { METRIC_COLUMNS } from './schema.ts';
import { predictionErrors } from './prediction-errors-migration.ts';

const RANKED_METRICS = [
  'output_throughput',
  'output_throughput_per_gpu',
  'ttft_ms_p99',
  'tpot_ms_p99',
  'cost_per_million_tokens',
];

/* Migrations use only types both engines understand (text, integer, double precision), so the same
 * list runs on SQLite and PostgreSQL. They are append-only: never edit one that has shipped. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving table types
type AnyDb = Kysely<any>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by two tables with different column sets
const settingColumns = (t: CreateTableBuilder<string, any>) =>
  t
    .addColumn('ml_model_name', 'text', (c) => c.notNull())
    .addColumn('hardware_name', 'text', (c) => c.notNull())
    .addColumn('hardware_count', 'integer', (c) => c.notNull())
    .addColumn('runtime', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('num_requests', 'integer', (c) => c.notNull())
    .addColumn('request_rate', 'double precision', (c) => c.notNull())
    .addColumn('burstiness', 'double precision', (c) => c.notNull())
    .addColumn('max_concurrency', 'integer')
    .addColumn('max_seq_length', 'integer', (c) => c.notNull())
    .addColumn('output_len', 'integer', (c) => c.notNull())
    .addColumn('min_prompt', 'integer', (c) => c.notNull())
    .addColumn('max_prompt', 'integer', (c) => c.notNull())
    .addColumn('min_output', 'integer', (c) => c.notNull())
    .addColumn('max_output', 'integer', (c) => c.notNull())
    .addColumn('setting_key', 'text', (c) => c.notNull());

const initial: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('full_name', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('one_time_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('one_time_tokens_email').on('one_time_tokens').columns(['email', 'kind']).execute();

    await db.schema
      .createTable('mail_cooldowns')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('last_sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('mail_cooldowns_pk', ['email', 'kind'])
      .execute();

    await db.schema
      .createTable('access_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scope', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('access_keys_user')
      .on('access_keys')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();

    await settingColumns(
      db.schema
        .createTable('benchmark_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade')),
    )
      .addColumn('benchmark_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('benchmark_settings_owner_key', ['owner_id', 'setting_key'])
      .execute();
    await db.schema
      .createIndex('benchmark_settings_owner')
      .on('benchmark_settings')
      .columns(['owner_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('benchmark_settings_published')
      .on('benchmark_settings')
      .columns(['published_count', 'created_at'])
      .execute();

    let benchmarks = settingColumns(
      db.schema
        .createTable('benchmarks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('setting_id', 'text', (c) => c.notNull().references('benchmark_settings.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'text'),
    )
      .addColumn('runtime_options', 'text', (c) => c.notNull())
      .addColumn('metrics', 'text', (c) => c.notNull())
      .addColumn('is_default_config', 'integer', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull())
      .addColumn('demo', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull());
    // The metric columns as of this migration: later metrics arrive with their own (0010).
    for (const column of METRIC_COLUMNS.filter((c) => !METRIC_COLUMNS_0010.includes(c)))
      benchmarks = benchmarks.addColumn(column, 'double precision');
    await benchmarks.execute();
    // Search: the usual filters are model, hardware and dataset, newest first or ranked by a metric;
    // visibility is published-or-own. Each filter index ends with created_at and the visibility
    // columns, so counts and newest-first pages are answered from the index alone.
    const indexes: [string, string[]][] = [
      [
        'benchmarks_search_dataset',
        ['ml_model_name', 'hardware_name', 'dataset', 'created_at', 'published', 'owner_id'],
      ],
      ['benchmarks_search', ['ml_model_name', 'hardware_name', 'created_at', 'published', 'owner_id']],
      ['benchmarks_model', ['ml_model_name', 'created_at', 'published', 'owner_id']],
      ['benchmarks_hardware', ['hardware_name', 'created_at', 'published', 'owner_id']],
      ['benchmarks_recent', ['created_at', 'published', 'owner_id']],
      // The objectives people rank the whole catalogue by.
      ...RANKED_METRICS.map((m): [string, string[]] => [`benchmarks_rank_${m}`, [`m_${m}`]]),
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('benchmarks').columns(columns).execute();
    await db.schema.createIndex('benchmarks_owner').on('benchmarks').columns(['owner_id', 'created_at']).execute();
    await db.schema.createIndex('benchmarks_setting').on('benchmarks').columns(['setting_id', 'created_at']).execute();
    await db.schema.createIndex('benchmarks_session').on('benchmarks').column('session_id').execute();
    await db.schema
      .createIndex('benchmarks_baseline')
      .on('benchmarks')
      .columns(['setting_key', 'is_default_config'])
      .execute();

    await db.schema
      .createTable('tuning_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('setting_id', 'text', (c) => c.notNull().references('benchmark_settings.id'))
      .addColumn('ml_model_name', 'text', (c) => c.notNull())
      .addColumn('hardware_name', 'text', (c) => c.notNull())
      .addColumn('hardware_count', 'integer', (c) => c.notNull())
      .addColumn('runtime', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('objective_metric', 'text', (c) => c.notNull())
      .addColumn('objective_direction', 'text', (c) => c.notNull())
      .addColumn('constraints', 'text', (c) => c.notNull())
      .addColumn('search_space', 'text', (c) => c.notNull())
      .addColumn('max_trials', 'integer', (c) => c.notNull())
      .addColumn('max_parallel', 'integer', (c) => c.notNull())
      .addColumn('seed', 'integer', (c) => c.notNull())
      .addColumn('next_trial_number', 'integer', (c) => c.notNull())
      .addColumn('evaluated_count', 'integer', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull())
      .addColumn('best_result_id', 'text')
      .addColumn('best_value', 'double precision')
      .addColumn('default_value', 'double precision')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tuning_sessions_owner')
      .on('tuning_sessions')
      .columns(['owner_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('tuning_sessions_target')
      .on('tuning_sessions')
      .columns(['ml_model_name', 'hardware_name', 'hardware_count', 'runtime'])
      .execute();

    await db.schema
      .createTable('pending_configs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('tuning_sessions.id').onDelete('cascade'))
      .addColumn('trial_number', 'integer', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('leased_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pending_configs_session')
      .on('pending_configs')
      .columns(['session_id', 'status'])
      .execute();

    await db.schema
      .createTable('tuning_results')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('tuning_sessions.id').onDelete('cascade'))
      .addColumn('pending_config_id', 'text', (c) => c.notNull().unique())
      .addColumn('trial_number', 'integer', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('objective_value', 'double precision')
      .addColumn('feasible', 'integer', (c) => c.notNull())
      .addColumn('metrics', 'text')
      .addColumn('cost_per_million_tokens', 'double precision')
      .addColumn('failure', 'text')
      .addColumn('benchmark_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tuning_results_session')
      .on('tuning_results')
      .columns(['session_id', 'trial_number'])
      .execute();

    await db.schema
      .createTable('serve_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ml_model_name', 'text', (c) => c.notNull())
      .addColumn('hardware_name', 'text', (c) => c.notNull())
      .addColumn('hardware_count', 'integer', (c) => c.notNull())
      .addColumn('objective', 'text', (c) => c.notNull())
      .addColumn('runtime', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('benchmark_id', 'text')
      .addColumn('runtime_options', 'text')
      .addColumn('launch_command', 'text')
      .addColumn('objective_value', 'double precision')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('serve_requests_owner')
      .on('serve_requests')
      .columns(['owner_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('current_period_end', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('checkouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();

    await db.schema
      .createTable('survey_responses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('serving_engines', 'text', (c) => c.notNull())
      .addColumn('gpus_in_production', 'text', (c) => c.notNull())
      .addColumn('biggest_pain', 'text', (c) => c.notNull())
      .addColumn('wants_demo', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};

const COVERED_METRICS = RANKED_METRICS.map((m) => `m_${m}`);

/**
 * Search answers spliced from stored JSON, a catalogue version that database triggers bump on
 * every benchmark write (so cached counts can be keyed by it, whichever process wrote), and the
 * two common filter indexes widened to cover ranking by the usual objectives.
 */
const searchDocuments: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('benchmarks')
      .addColumn('doc_head', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('benchmarks')
      .addColumn('doc_tail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('catalogue_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    // Documents start at format 0, which the server rebuilds at start (services/benchmarks.ts).
    await db
      .insertInto('catalogue_state')
      .values([
        { name: 'catalogue_version', value: 0 },
        { name: 'benchmark_documents', value: 0 },
      ])
      .execute();

    const bump = sql`update catalogue_state set value = value + 1 where name = 'catalogue_version'`;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // Once per statement: a bulk insert bumps the version once, not once per row.
      await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin ${bump}; return null; end $$`.execute(db);
      await sql`create trigger benchmarks_catalogue_version after insert or update or delete on benchmarks
        for each statement execute function bump_catalogue_version()`.execute(db);
    } else {
      // SQLite has row triggers only.
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`benchmarks_catalogue_version_${event}`)} after ${sql.raw(event)} on benchmarks
          begin ${bump}; end`.execute(db);
    }

    // Ranked pages under the usual filters are answered from the index alone: the sort columns
    // (the usual objectives, created_at, id) and the visibility columns are all in it.
    await db.schema.dropIndex('benchmarks_search_dataset').execute();
    await db.schema.dropIndex('benchmarks_search').execute();
    await db.schema
      .createIndex('benchmarks_search_dataset')
      .on('benchmarks')
      .columns([
        'ml_model_name',
        'hardware_name',
        'dataset',
        'created_at',
        'published',
        'owner_id',
        ...COVERED_METRICS,
        'id',
      ])
      .execute();
    await db.schema
      .createIndex('benchmarks_search')
      .on('benchmarks')
      .columns(['ml_model_name', 'hardware_name', 'created_at', 'published', 'owner_id', ...COVERED_METRICS, 'id'])
      .execute();
  },
};

/**
 * State that several server processes on one database must share: per-client request counts for
 * the burst limits, and catalogue-version bumps on setting writes too (cached setting lists and
 * pages are then invalidated in every process, as benchmark writes already are).
 */
const sharedState: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create trigger benchmark_settings_catalogue_version after insert or update or delete on benchmark_settings
        for each statement execute function bump_catalogue_version()`.execute(db);
    } else {
      const bump = sql`update catalogue_state set value = value + 1 where name = 'catalogue_version'`;
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`benchmark_settings_catalogue_version_${event}`)} after ${sql.raw(event)} on benchmark_settings
          begin ${bump}; end`.execute(db);
    }
  },
};

/** Tuning sessions their owners share: a finished shared session has a public page. */
const sharedSessions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('tuning_sessions')
      .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * Confidence in the winner: a session may re-measure its incumbent and runner-up once its search
 * is over. Repeat leases and results are marked; the session knows its repeats and whether the
 * tuner has ended the search before the budget was spent (converged or exhausted).
 */
const remeasures: Migration = {
  async up(db: AnyDb) {
    const flag = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    await flag('tuning_sessions', 'confirm_repeats');
    await flag('tuning_sessions', 'search_over');
    await flag('pending_configs', 'remeasure');
    await flag('tuning_results', 'remeasure');
  },
};

/** Multi-objective tuning sessions: their objectives as JSON (null for a single objective). */
const sessionObjectives: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tuning_sessions').addColumn('objectives', 'text').execute();
  },
};

/** What a runner measured beside the metrics: repeated runs, client honesty, engine telemetry (JSON, null when not sent). */
const benchmarkMeasurements: Migration = {
  async up(db: AnyDb) {
    for (const column of ['runs', 'client', 'telemetry'])
      await db.schema.alterTable('benchmarks').addColumn(column, 'text').execute();
  },
};

/**
 * Issue 23: API tokens carry scopes (space-separated in `scope`, as OAuth spells them) and every
 * token expires. Tokens made before get what a runner needs, the power they were made for minus
 * account management; those that never expired now do a year and a day from this migration.
 */
const tokenScopes: Migration = {
  async up(db: AnyDb) {
    await db
      .updateTable('access_keys')
      .set({ scope: 'read benchmarks:write tuning:write' })
      .where('kind', '=', 'api')
      .where('scope', 'is', null)
      .execute();
    await db
      .updateTable('access_keys')
      .set({ expires_at: new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString() })
      .where('expires_at', 'is', null)
      .execute();
  },
};

/** Issue 24: what the engine really ran with, beside each benchmark (JSON of the contract's Provenance; null from older runners). */
const benchmarkProvenance: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('benchmarks').addColumn('provenance', 'text').execute();
  },
};

/** Issue 24: reasoning, prefix cache, energy and the input/output cost split, searchable as metrics. */
const METRIC_COLUMNS_0010: readonly string[] = [
  ...['mean', 'p50', 'p90', 'p95', 'p99'].map((p) => `m_ttfot_ms_${p}`),
  'm_prefix_cache_hit_rate',
  'm_joules_per_output_token',
  'm_joules_per_request',
  'm_cost_per_million_input_tokens',
  'm_cost_per_million_output_tokens',
];
const benchmarkMetrics: Migration = {
  async up(db: AnyDb) {
    for (const column of METRIC_COLUMNS_0010)
      await db.schema.alterTable('benchmarks').addColumn(column, 'double precision').execute();
    // Benchmarks stored before kept none of the new measurements (the contract dropped them), but
    // those with a cost get its split, as a new benchmark would.
    const priced = await db
      .selectFrom('benchmarks')
      .select(['id', 'metrics', 'm_cost_per_million_tokens'])
      .where('m_cost_per_million_tokens', 'is not', null)
      .execute();
    for (const row of priced) {
      const split = splitCost(JSON.parse(row.metrics as string), row.m_cost_per_million_tokens as number);
      if (!split) continue;
      await db
        .updateTable('benchmarks')
        .set({ m_cost_per_million_input_tokens: split.input, m_cost_per_million_output_tokens: split.output })
        .where('id', '=', row.id)
        .execute();
    }
  },
};

/**
 * Issue 24: a load sweep as one object. Its setting, SLO and levels are JSON (read and written
 * whole); sweep_benchmarks links each level's benchmark so that a benchmark finds its sweep, and
 * drops the link when the benchmark is deleted.
 */
const sweeps: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sweeps')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('over', 'text', (c) => c.notNull())
      .addColumn('setting', 'text', (c) => c.notNull())
      .addColumn('runtime_options', 'text', (c) => c.notNull())
      .addColumn('slo', 'text', (c) => c.notNull())
      .addColumn('attainment', 'double precision', (c) => c.notNull())
      .addColumn('levels', 'text', (c) => c.notNull())
      .addColumn('complete', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sweeps_owner').on('sweeps').columns(['owner_id', 'created_at']).execute();
    await db.schema
      .createTable('sweep_benchmarks')
      .addColumn('sweep_id', 'text', (c) => c.notNull().references('sweeps.id').onDelete('cascade'))
      .addColumn('benchmark_id', 'text', (c) => c.notNull().references('benchmarks.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('sweep_benchmarks_pk', ['sweep_id', 'benchmark_id'])
      .execute();
    await db.schema.createIndex('sweep_benchmarks_benchmark').on('sweep_benchmarks').column('benchmark_id').execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_search_documents': searchDocuments,
  '0003_shared_state': sharedState,
  '0004_shared_sessions': sharedSessions,
  '0005_remeasures': remeasures,
  '0006_session_objectives': sessionObjectives,
  '0007_benchmark_measurements': benchmarkMeasurements,
  '0008_token_scopes': tokenScopes,
  '0009_benchmark_provenance': benchmarkProvenance,
  '0010_benchmark_metrics': benchmarkMetrics,
  '0011_prediction_errors': predictionErrors,
  '0012_sweeps': sweeps,
};
