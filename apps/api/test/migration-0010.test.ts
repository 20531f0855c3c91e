import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { splitCost } from '@mako/contract';
import { openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { findOrCreateSetting } from '../src/services/benchmarks/settings.ts';
import { benchmarkRow } from '../src/services/benchmarks/store.ts';
import { metrics, setting } from './fixtures.ts';

describe('migration 0010_benchmark_metrics', () => {
  it('adds the new metric columns and prices the input and output tokens of benchmarks stored before', async () => {
    const database = openDatabase(':memory:');
    const { db } = database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0009_benchmark_provenance')).error).toBeUndefined();

    const owner = randomUUID();
    await db
      .insertInto('users')
      .values({ id: owner, email: 'old@example.com', created_at: new Date(0).toISOString() } as never)
      .execute();
    const stored = await findOrCreateSetting(db, owner, setting(), 0);
    const m = metrics(4000);
    // A row as a server before 0010 wrote it: none of the columns 0010 adds.
    const insertOld = async (cost: number | null) => {
      const row = benchmarkRow({
        ownerId: owner,
        setting: stored,
        input: { runtime_options: {}, metrics: m, cost_per_million_tokens: cost, published: false, notes: '' },
        sessionId: null,
        verified: false,
        now: 0,
      }) as Record<string, unknown>;
      for (const key of Object.keys(row))
        if (/^m_(ttfot|prefix|joules|cost_per_million_(in|out)put)/.test(key)) delete row[key];
      await db
        .insertInto('benchmarks')
        .values(row as never)
        .execute();
      return row.id as string;
    };
    const priced = await insertOld(2);
    const unpriced = await insertOld(null);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const read = (id: string) =>
      db
        .selectFrom('benchmarks')
        .select(['m_cost_per_million_input_tokens', 'm_cost_per_million_output_tokens', 'm_joules_per_output_token'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const split = splitCost(m, 2)!;
    expect(await read(priced)).toEqual({
      m_cost_per_million_input_tokens: split.input,
      m_cost_per_million_output_tokens: split.output,
      m_joules_per_output_token: null,
    });
    expect(await read(unpriced)).toEqual({
      m_cost_per_million_input_tokens: null,
      m_cost_per_million_output_tokens: null,
      m_joules_per_output_token: null,
    });
    await database.close();
  });
});
