import { randomUUID } from 'node:crypto';
import type { Sweep, SweepCreate, SweepLevel, SweepUpdate } from '@mako/contract';
import { sweepVerdict } from '@mako/contract/vocabulary';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isoAt, type AppContext } from '../context.ts';
import type { DB, SweepTable } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { Invalid, notFound } from './errors.ts';
import { newestFirstList } from './newest-first.ts';

type Levels = SweepLevel[];
type SweepInput = z.output<typeof SweepCreate>;

/**
 * A runner's load sweeps: created when it starts, its levels replaced as it goes. Sweeps are their
 * owner's alone (like tuning sessions); each level may name one of the owner's benchmarks.
 */
export function sweepStore(ctx: AppContext) {
  const { db } = ctx;

  /** Every level's benchmark must be the owner's own; the first that is not is named as the field at fault. */
  async function checkBenchmarks(owner: string, levels: Levels): Promise<string[]> {
    const ids = levels.flatMap((l) => (l.benchmark_id ? [l.benchmark_id] : []));
    if (ids.length === 0) return [];
    const found = new Set(
      (
        await db.selectFrom('benchmarks').select('id').where('id', 'in', ids).where('owner_id', '=', owner).execute()
      ).map((r) => r.id),
    );
    const missing = levels.findIndex((l) => l.benchmark_id !== null && !found.has(l.benchmark_id));
    if (missing >= 0)
      throw new Invalid(
        ['body', 'levels', missing, 'benchmark_id'],
        `Benchmark ${levels[missing]!.benchmark_id} is not one of yours`,
      );
    return [...new Set(ids)];
  }

  /** The answer; a level whose benchmark was deleted since loses its link. */
  async function toSweep(row: SweepTable): Promise<Sweep> {
    const linked = new Map(
      (
        await db
          .selectFrom('sweep_benchmarks')
          .innerJoin('benchmarks', 'benchmarks.id', 'sweep_benchmarks.benchmark_id')
          .select(['sweep_benchmarks.benchmark_id', 'benchmarks.setting_id'])
          .where('sweep_benchmarks.sweep_id', '=', row.id)
          .execute()
      ).map((r) => [r.benchmark_id, r.setting_id]),
    );
    const levels = (JSON.parse(row.levels) as Levels).map((l) => {
      const settingId = l.benchmark_id ? linked.get(l.benchmark_id) : undefined;
      return settingId ? { ...l, setting_id: settingId } : { ...l, benchmark_id: null, setting_id: null };
    });
    return {
      id: row.id,
      owner: row.owner_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      setting: JSON.parse(row.setting) as Sweep['setting'],
      runtime_options: JSON.parse(row.runtime_options) as Sweep['runtime_options'],
      over: row.over,
      slo: JSON.parse(row.slo) as Sweep['slo'],
      attainment: row.attainment,
      levels,
      complete: row.complete === 1,
      notes: row.notes,
      verdict: sweepVerdict(levels),
    };
  }

  async function ownRow(id: string, owner: string): Promise<SweepTable> {
    const row = await db
      .selectFrom('sweeps')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .executeTakeFirst();
    if (!row) throw notFound('Sweep');
    return row;
  }

  async function writeLinks(trx: Kysely<DB>, sweepId: string, benchmarkIds: string[]) {
    await trx.deleteFrom('sweep_benchmarks').where('sweep_id', '=', sweepId).execute();
    if (benchmarkIds.length)
      await trx
        .insertInto('sweep_benchmarks')
        .values(benchmarkIds.map((benchmark_id) => ({ sweep_id: sweepId, benchmark_id })))
        .execute();
  }

  return {
    async create(owner: string, body: SweepInput): Promise<Sweep> {
      const links = await checkBenchmarks(owner, body.levels);
      const id = randomUUID();
      const at = isoAt(ctx.now());
      await inTransaction(db, async (trx) => {
        await trx
          .insertInto('sweeps')
          .values({
            id,
            owner_id: owner,
            over: body.over,
            setting: JSON.stringify(body.setting),
            runtime_options: JSON.stringify(body.runtime_options),
            slo: JSON.stringify(body.slo),
            attainment: body.attainment,
            levels: JSON.stringify(body.levels),
            complete: body.complete ? 1 : 0,
            notes: body.notes,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await writeLinks(trx, id, links);
      });
      return toSweep(await ownRow(id, owner));
    },

    async update(id: string, owner: string, body: SweepUpdate): Promise<Sweep> {
      await ownRow(id, owner);
      const links = await checkBenchmarks(owner, body.levels);
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable('sweeps')
          .set({
            levels: JSON.stringify(body.levels),
            complete: body.complete ? 1 : 0,
            updated_at: isoAt(ctx.now()),
          })
          .where('id', '=', id)
          .execute();
        await writeLinks(trx, id, links);
      });
      return toSweep(await ownRow(id, owner));
    },

    async get(id: string, owner: string): Promise<Sweep> {
      return toSweep(await ownRow(id, owner));
    },

    async list(owner: string, query: { limit: number; offset: number; benchmark_id?: string | undefined }) {
      let filtered = db.selectFrom('sweeps').where('owner_id', '=', owner);
      if (query.benchmark_id !== undefined) {
        const benchmarkId = query.benchmark_id;
        filtered = filtered.where('id', 'in', (eb) =>
          eb.selectFrom('sweep_benchmarks').select('sweep_id').where('benchmark_id', '=', benchmarkId),
        );
      }
      const { rows, count } = await newestFirstList(filtered, query.limit, query.offset);
      return { data: await Promise.all(rows.map((r) => toSweep(r as SweepTable))), count };
    },
  };
}
