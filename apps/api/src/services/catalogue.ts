import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  launchCommand,
  naturalDirection,
  type Benchmark,
  type BenchmarkPatch,
  type BenchmarkSearchQuery,
  type MetricKey,
  type Runtime,
  type RuntimeOptions,
} from '@mako/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { metricColumn } from '../db/schema.ts';
import { catalogueVersion, type CountCache } from './count-cache.ts';
import { Invalid, notFound } from './errors.ts';
import { metricsConsistent, runsDisagreement } from './benchmarks/checks.ts';
import {
  documentColumn,
  loadBenchmarkDetail,
  loadBenchmarks,
  listData,
  refreshDocuments,
  type ListData,
} from './benchmarks/documents.ts';
import { findOrCreateSetting, settingContent, toSetting } from './benchmarks/settings.ts';
import { insertBenchmark, measuredPrediction, type BenchmarkInput } from './benchmarks/store.ts';
import { inTransaction } from '../db/transaction.ts';
import { predictionOf } from './predictions/running-error.ts';

type BenchmarkWhere = ExpressionBuilder<DB, 'benchmarks'>;
type SearchQuery = z.output<typeof BenchmarkSearchQuery>;

/** Published benchmarks are everyone's; unpublished ones only their owner's. */
const visibleTo = (eb: BenchmarkWhere, viewerId: string | null) =>
  viewerId === null
    ? eb('benchmarks.published', '=', 1)
    : eb.or([eb('benchmarks.published', '=', 1), eb('benchmarks.owner_id', '=', viewerId)]);

function searchFilter(q: SearchQuery, viewerId: string | null) {
  return (eb: BenchmarkWhere) => {
    const c: Expression<SqlBool>[] = [visibleTo(eb, viewerId)];
    if (q.published === true) c.push(eb('benchmarks.published', '=', 1));
    if (q.published === false)
      c.push(
        viewerId === null
          ? sql<SqlBool>`1 = 0`
          : eb.and([eb('benchmarks.published', '=', 0), eb('benchmarks.owner_id', '=', viewerId)]),
      );
    if (q.verified !== undefined) c.push(eb('benchmarks.verified', '=', q.verified ? 1 : 0));
    if (q.model_name !== undefined) c.push(eb('benchmarks.ml_model_name', '=', q.model_name));
    if (q.hardware_name !== undefined) c.push(eb('benchmarks.hardware_name', '=', q.hardware_name));
    if (q.dataset !== undefined) c.push(eb('benchmarks.dataset', '=', q.dataset));
    if (q.software_version !== undefined) c.push(eb('benchmarks.version', '=', q.software_version));
    if (q.num_requests !== undefined) c.push(eb('benchmarks.num_requests', '=', q.num_requests));
    if (q.request_rate !== undefined)
      c.push(eb('benchmarks.request_rate', '=', q.request_rate === 'inf' ? Infinity : q.request_rate));
    if (q.max_seq_length !== undefined) c.push(eb('benchmarks.max_seq_length', '=', q.max_seq_length));
    if (q.output_len !== undefined) c.push(eb('benchmarks.output_len', '=', q.output_len));
    // Length filters bound the workload's ranges: prompts and outputs within [min, max].
    if (q.min_prompt !== undefined) c.push(eb('benchmarks.min_prompt', '>=', q.min_prompt));
    if (q.max_prompt !== undefined) c.push(eb('benchmarks.max_prompt', '<=', q.max_prompt));
    if (q.min_output !== undefined) c.push(eb('benchmarks.min_output', '>=', q.min_output));
    if (q.max_output !== undefined) c.push(eb('benchmarks.max_output', '<=', q.max_output));
    if (q.min_seq !== undefined) c.push(eb('benchmarks.max_seq_length', '>=', q.min_seq));
    if (q.max_seq !== undefined) c.push(eb('benchmarks.max_seq_length', '<=', q.max_seq));
    // The query schema parsed the constraints into terms (a bad one was a 422 before this ran).
    for (const k of q.constraints ?? []) c.push(eb(`benchmarks.${metricColumn(k.metric)}`, k.op, k.value));
    return eb.and(c);
  };
}

/** Everything a search filters on (not how it sorts or pages), with the viewer: what a count depends on. */
function countKey(q: SearchQuery, viewerId: string | null): string {
  const { limit: _l, offset: _o, objective: _s, ...filters } = q;
  return JSON.stringify([viewerId, filters]);
}

/**
 * The queries behind GET /benchmarks/all: one page of stored documents with the viewer's setting
 * counts, and the total. Newest-first pages come in index order straight from a filter index, so
 * the documents are read in the same query. A ranked page first picks its 100 ids from the sort
 * columns alone (the common filter indexes cover the usual objectives) and reads the wide rows of
 * just those. The search benchmark runs these same queries bare.
 */
export function searchPlan(db: Db, query: SearchQuery, viewerId: string | null) {
  const where = searchFilter(query, viewerId);
  const documents = documentColumn(viewerId);
  let page;
  if (query.objective) {
    const metric = `benchmarks.${metricColumn(query.objective)}` as const;
    const best = naturalDirection(query.objective) === 'maximize' ? ('desc' as const) : ('asc' as const);
    const ids = db
      .selectFrom('benchmarks')
      .select('benchmarks.id')
      .where(where)
      .orderBy(metric, (ob) => ob[best]().nullsLast())
      .orderBy('benchmarks.created_at', 'desc')
      .orderBy('benchmarks.id', 'desc')
      .limit(query.limit)
      .offset(query.offset);
    page = db
      .selectFrom(ids.as('page'))
      .innerJoin('benchmarks', 'benchmarks.id', 'page.id')
      .innerJoin('benchmark_settings', 'benchmark_settings.id', 'benchmarks.setting_id')
      .select(documents)
      .orderBy(metric, (ob) => ob[best]().nullsLast())
      .orderBy('benchmarks.created_at', 'desc')
      .orderBy('benchmarks.id', 'desc');
  } else {
    page = db
      .selectFrom('benchmarks')
      .where(where)
      .innerJoin('benchmark_settings', 'benchmark_settings.id', 'benchmarks.setting_id')
      .select(documents)
      .orderBy('benchmarks.created_at', 'desc')
      .orderBy('benchmarks.id', 'desc')
      .limit(query.limit)
      .offset(query.offset);
  }
  return {
    data: listData(db, page),
    count: db
      .selectFrom('benchmarks')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(where),
    countKey: countKey(query, viewerId),
  };
}

/** Stored answers for one list call and the number of matches: `listAnswerBody` makes it the answer. */
export interface DocumentList {
  data: ListData;
  count: number;
}

async function page<T>(rows: Promise<T>, count: Promise<{ count: number | string | bigint } | undefined>) {
  const [data, total] = await Promise.all([rows, count]);
  return { data, count: Number(total?.count ?? 0) };
}

/**
 * GET /benchmarks/all: a page of the search with its count, the count reused while the catalogue
 * stands. `knownVersion`: the catalogue version the request already read (for the response cache),
 * so that both caches go by one reading.
 */
export async function searchList(
  db: Db,
  counts: CountCache,
  query: SearchQuery,
  viewerId: string | null,
  knownVersion: number | null = null,
): Promise<DocumentList> {
  const plan = searchPlan(db, query, viewerId);
  if (!counts.enabled) return page(plan.data.read(), plan.count.executeTakeFirst());
  // The version is read before anything is counted: see CountCache.
  const version = knownVersion ?? (await catalogueVersion(db));
  const cached = counts.get(version, plan.countKey);
  if (cached !== undefined) return { data: await plan.data.read(), count: cached };
  const result = await page(plan.data.read(), plan.count.executeTakeFirst());
  counts.set(version, plan.countKey, result.count);
  return result;
}

/** A setting the viewer (null: a visitor without an account) may see: their own, or one with published benchmarks. */
export async function visibleSetting(db: Db, settingId: string, viewerId: string | null) {
  const setting = await db
    .selectFrom('benchmark_settings')
    .selectAll()
    .where('id', '=', settingId)
    .where((eb) =>
      viewerId === null
        ? eb('published_count', '>', 0)
        : eb.or([eb('owner_id', '=', viewerId), eb('published_count', '>', 0)]),
    )
    .executeTakeFirst();
  if (!setting) throw notFound('Benchmark setting');
  return setting;
}

/** The settings the viewer may see (only their own when `mine`), newest first. */
export async function settingsList(db: Db, viewerId: string, mine: boolean, limit: number, offset: number) {
  const where = (eb: ExpressionBuilder<DB, 'benchmark_settings'>) =>
    mine ? eb('owner_id', '=', viewerId) : eb.or([eb('owner_id', '=', viewerId), eb('published_count', '>', 0)]);
  const result = await page(
    db
      .selectFrom('benchmark_settings')
      .selectAll()
      .where(where)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('benchmark_settings')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(where)
      .executeTakeFirst(),
  );
  return { data: result.data.map((s) => toSetting(s, viewerId)), count: result.count };
}

/**
 * The benchmarks of a setting the viewer may see (only their own when `mine`; without the ones
 * tuning sessions reported when `withoutSession`), newest first. Check the setting is visible first.
 */
export async function settingBenchmarksList(
  db: Db,
  settingId: string,
  viewerId: string | null,
  options: { mine: boolean; withoutSession: boolean; limit: number; offset: number },
): Promise<DocumentList> {
  const where = (eb: BenchmarkWhere) =>
    eb.and([
      eb('benchmarks.setting_id', '=', settingId),
      options.mine && viewerId !== null ? eb('benchmarks.owner_id', '=', viewerId) : visibleTo(eb, viewerId),
      ...(options.withoutSession ? [eb('benchmarks.session_id', 'is', null)] : []),
    ]);
  const documents = db
    .selectFrom('benchmarks')
    .where(where)
    .innerJoin('benchmark_settings', 'benchmark_settings.id', 'benchmarks.setting_id')
    .select(documentColumn(viewerId))
    .orderBy('benchmarks.created_at', 'desc')
    .orderBy('benchmarks.id', 'desc')
    .limit(options.limit)
    .offset(options.offset);
  return page(
    listData(db, documents).read(),
    db
      .selectFrom('benchmarks')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(where)
      .executeTakeFirst(),
  );
}

export async function visibleBenchmark(db: Db, id: string, viewerId: string | null): Promise<Benchmark> {
  const row = await db
    .selectFrom('benchmarks')
    .select('id')
    .where('id', '=', id)
    .where((eb) => visibleTo(eb, viewerId))
    .executeTakeFirst();
  if (!row) throw notFound('Benchmark');
  return (await loadBenchmarkDetail(db, row.id, viewerId))!;
}

/**
 * Stores a benchmark under the owner's setting of its content (created when new). It counts as
 * verified when a runner reported it (`byRunner`: an API token) and its numbers add up.
 */
export async function createBenchmark(
  db: Kysely<DB>,
  now: () => number,
  ownerId: string,
  input: BenchmarkInput,
  byRunner: boolean,
): Promise<Benchmark> {
  if (input.session_id !== null) {
    const session = await db
      .selectFrom('tuning_sessions')
      .select('id')
      .where('id', '=', input.session_id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!session) throw notFound('Tuning session');
  }
  const disagreement = input.runs && runsDisagreement(input.metrics, input.runs);
  if (disagreement)
    throw new Invalid(
      ['body', 'metrics', ...disagreement.path],
      `${disagreement.message}: with runs, metrics must be their mean`,
    );
  const prediction = measuredPrediction(settingContent(input.setting), input);
  const id = await inTransaction(db, async (trx) => {
    const setting = await findOrCreateSetting(trx, ownerId, input.setting, now());
    return insertBenchmark(trx, {
      ownerId,
      setting,
      input,
      prediction,
      sessionId: input.session_id,
      // A client-limited run measured the client as much as the server: reported, not vouched for.
      verified: byRunner && metricsConsistent(input.metrics) && input.client?.client_limited !== true,
      now: now(),
    });
  });
  return (await loadBenchmarkDetail(db, id, ownerId))!;
}

/** The owner's benchmark and what its setting's counters need; a 404 when it is not theirs (or gone). */
async function ownedBenchmark(db: Kysely<DB>, id: string, ownerId: string) {
  const row = await db
    .selectFrom('benchmarks')
    .select(['id', 'setting_id', 'published'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw notFound('Benchmark');
  return row;
}

/** Deletes the owner's benchmark; its setting's counters drop and what pointed at it forgets it. */
export async function deleteBenchmark(db: Kysely<DB>, id: string, ownerId: string): Promise<void> {
  const row = await ownedBenchmark(db, id, ownerId);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('benchmarks').where('id', '=', row.id).execute();
    await trx
      .updateTable('benchmark_settings')
      .set((eb) => ({
        benchmark_count: eb('benchmark_count', '-', 1),
        published_count: eb('published_count', '-', row.published),
      }))
      .where('id', '=', row.setting_id)
      .execute();
    await trx.updateTable('tuning_results').set({ benchmark_id: null }).where('benchmark_id', '=', row.id).execute();
    await trx.updateTable('serve_requests').set({ benchmark_id: null }).where('benchmark_id', '=', row.id).execute();
  });
}

/** Publishes or withdraws the owner's benchmark, or changes its notes or cost, keeping its setting's counters and document in step. */
export async function patchBenchmark(
  db: Kysely<DB>,
  id: string,
  ownerId: string,
  patch: BenchmarkPatch,
): Promise<Benchmark> {
  await inTransaction(db, async (trx) => {
    const row = await ownedBenchmark(trx, id, ownerId);
    const published = patch.published === undefined ? row.published : patch.published ? 1 : 0;
    await trx
      .updateTable('benchmarks')
      .set({
        published,
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        ...(patch.cost_per_million_tokens !== undefined
          ? { m_cost_per_million_tokens: patch.cost_per_million_tokens }
          : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (published !== row.published)
      await trx
        .updateTable('benchmark_settings')
        .set((eb) => ({ published_count: eb('published_count', '+', published - row.published) }))
        .where('id', '=', row.setting_id)
        .execute();
    await refreshDocuments(trx, [row.id]);
  });
  return (await loadBenchmarkDetail(db, id, ownerId))!;
}

/**
 * The best visible benchmark for a model on a hardware type by an objective, with the best
 * engine-defaults run of the same setting (any owner, if visible) as the baseline for "gain over defaults".
 */
export async function bestSetup(
  db: Db,
  viewerId: string,
  model: string,
  hardware: string,
  objective: MetricKey,
  gpuCount?: number,
  runtime?: Runtime,
) {
  const column = metricColumn(objective);
  const direction = naturalDirection(objective);
  const order = direction === 'maximize' ? 'desc' : 'asc';
  const where = (eb: BenchmarkWhere) =>
    eb.and([
      visibleTo(eb, viewerId),
      eb('ml_model_name', '=', model),
      eb('hardware_name', '=', hardware),
      eb(column, 'is not', null),
      ...(gpuCount !== undefined ? [eb('hardware_count', '=', gpuCount)] : []),
      ...(runtime !== undefined ? [eb('runtime', '=', runtime)] : []),
    ]);
  const best = await db
    .selectFrom('benchmarks')
    .select(['id', 'setting_key', 'runtime', 'runtime_options', column])
    .where(where)
    .orderBy(column, order)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!best) return null;
  const [{ count }] = (await db
    .selectFrom('benchmarks')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(where)
    .execute()) as [{ count: number | string | bigint }];
  const baseline = await db
    .selectFrom('benchmarks')
    .select(['id', column])
    .where('setting_key', '=', best.setting_key)
    .where('is_default_config', '=', 1)
    .where((eb) => eb.and([visibleTo(eb, viewerId), eb(column, 'is not', null)]))
    .orderBy(column, order)
    .limit(1)
    .executeTakeFirst();
  const [bestBenchmark, baselineBenchmark] = await loadBenchmarks(
    db,
    baseline ? [best.id, baseline.id] : [best.id],
    viewerId,
  );
  const bestValue = best[column] as number;
  const baseValue = baseline ? (baseline[column] as number) : null;
  const improvement =
    baseValue !== null && baseValue !== 0
      ? ((direction === 'maximize' ? bestValue - baseValue : baseValue - bestValue) / Math.abs(baseValue)) * 100
      : null;
  // Each row says whether it was measured, and what the model predicted beside it.
  const withPrediction = async (b: Benchmark) => ({ ...b, prediction: await predictionOf(db, b, viewerId) });
  return {
    objective,
    direction,
    best: await withPrediction(bestBenchmark!),
    baseline: baselineBenchmark ? await withPrediction(baselineBenchmark) : null,
    improvement_pct: improvement,
    launch_command: launchCommand(best.runtime as Runtime, model, JSON.parse(best.runtime_options) as RuntimeOptions),
    candidates: Number(count),
    objectiveValue: bestValue,
  };
}
