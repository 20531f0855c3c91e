import type { CreateTableBuilder, Migration } from 'kysely';
import { METRIC_COLUMNS } from '../schema.ts';
import type { AnyDb } from './any-db.ts';
import { METRIC_COLUMNS_0010 } from './0010_benchmark_metrics.ts';

export const RANKED_METRICS = [
  'output_throughput',
  'output_throughput_per_gpu',
  'ttft_ms_p99',
  'tpot_ms_p99',
  'cost_per_million_tokens',
];

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

export const initial: Migration = {
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
