import {
  SqliteAdapter,
  sql,
  type AliasedSelectQueryBuilder,
  type Compilable,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
} from 'kysely';
import {
  metricIntervals,
  type Benchmark,
  type BenchmarkMetrics,
  type ClientReport,
  type Provenance,
  type RuntimeOptions,
  type Telemetry,
} from '@mako/contract';
import type { BenchmarkTable, DB } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { predictionOf } from '../predictions/running-error.ts';
import { settingCreateOf, type SettingRow } from './settings.ts';

/* Stored answers: each benchmark's answer kept as JSON text, and the pages and details read from them. */

/** The format of the stored documents; raise it whenever the answer changes shape, and every stored document is rebuilt at the next start. */
export const DOCUMENT_FORMAT = 2;

/** What a document is made of: the benchmark's columns and its setting's owner and creation time. */
export type DocumentSource = Omit<Selectable<BenchmarkTable>, 'doc_head' | 'doc_tail'>;
type SettingHead = Pick<SettingRow, 'owner_id' | 'created_at'>;

/** A count no answer can carry, so that its key marks the one viewer-dependent spot of a document. */
const COUNT_MARK = -1;
const COUNT_KEY = '"benchmark_count":';

function toBenchmark(r: DocumentSource, setting: SettingHead, benchmarkCount: number): Benchmark {
  return {
    id: r.id,
    setting: {
      id: r.setting_id,
      owner: setting.owner_id,
      created_at: setting.created_at,
      benchmark_count: benchmarkCount,
      ...settingCreateOf(r),
    },
    session_id: r.session_id,
    runtime_options: JSON.parse(r.runtime_options) as RuntimeOptions,
    metrics: JSON.parse(r.metrics) as BenchmarkMetrics,
    cost_per_million_tokens: r.m_cost_per_million_tokens ?? null,
    output_throughput_per_gpu: r.m_output_throughput_per_gpu ?? 0,
    output_throughput_per_user: r.m_output_throughput_per_user ?? null,
    verified: r.verified === 1,
    published: r.published === 1,
    demo: r.demo === 1,
    notes: r.notes,
    owner: r.owner_id,
    created_at: r.created_at,
    ...(r.client === null ? {} : { client: JSON.parse(r.client) as ClientReport }),
  };
}

/**
 * The benchmark's answer as JSON text, split where the caller-dependent `setting.benchmark_count`
 * goes: `doc_head + count + doc_tail` is the answer. Inside JSON strings a quote is escaped, so the
 * first bare `"benchmark_count":` is the setting's key (it precedes every free-text field).
 */
export function benchmarkDocument(
  row: DocumentSource,
  setting: SettingHead,
): Pick<BenchmarkTable, 'doc_head' | 'doc_tail'> {
  const json = JSON.stringify(toBenchmark(row, setting, COUNT_MARK));
  const at = json.indexOf(COUNT_KEY + String(COUNT_MARK)) + COUNT_KEY.length;
  return { doc_head: json.slice(0, at), doc_tail: json.slice(at + String(COUNT_MARK).length) };
}

/**
 * Rewrites the stored documents of these benchmarks from their columns. Every update of a
 * benchmark's columns goes through here (call inside the updating transaction).
 */
export async function refreshDocuments(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('benchmarks')
    .innerJoin('benchmark_settings as s', 's.id', 'benchmarks.setting_id')
    .selectAll('benchmarks')
    .select(['s.owner_id as setting_owner_id', 's.created_at as setting_created_at'])
    .where('benchmarks.id', 'in', [...ids])
    .execute();
  for (const { doc_head: _h, doc_tail: _t, setting_owner_id, setting_created_at, ...row } of rows) {
    await db
      .updateTable('benchmarks')
      .set(benchmarkDocument(row, { owner_id: setting_owner_id, created_at: setting_created_at }))
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Rebuilds every stored document when they were written in an older format (or by a server that
 * predates them); a no-op otherwise. Runs at start, in batches, and marks the format done last, so
 * an interrupted rebuild starts over.
 */
export async function rebuildStaleDocuments(db: Kysely<DB>, batch = 500): Promise<number> {
  const state = await db
    .selectFrom('catalogue_state')
    .select('value')
    .where('name', '=', 'benchmark_documents')
    .executeTakeFirst();
  if (state?.value === DOCUMENT_FORMAT) return 0;
  let after = '';
  let rebuilt = 0;
  for (;;) {
    const ids = (
      await db.selectFrom('benchmarks').select('id').where('id', '>', after).orderBy('id').limit(batch).execute()
    ).map((r) => r.id);
    if (ids.length === 0) break;
    await db.transaction().execute((trx) => refreshDocuments(trx, ids));
    rebuilt += ids.length;
    after = ids[ids.length - 1]!;
  }
  await db
    .updateTable('catalogue_state')
    .set({ value: DOCUMENT_FORMAT })
    .where('name', '=', 'benchmark_documents')
    .execute();
  return rebuilt;
}

/** The count a viewer sees on a setting: all its benchmarks for the owner, the published ones for everyone else. */
function visibleSettingCount(eb: ExpressionBuilder<DB, 'benchmarks' | 'benchmark_settings'>, viewerId: string | null) {
  return viewerId === null
    ? eb.ref('benchmark_settings.published_count')
    : eb
        .case()
        .when('benchmark_settings.owner_id', '=', viewerId)
        .then(eb.ref('benchmark_settings.benchmark_count'))
        .else(eb.ref('benchmark_settings.published_count'))
        .end();
}

/** A benchmark's answer (`document`), its viewer's count spliced in by the database. Needs benchmarks joined with their settings. */
export function documentColumn(viewerId: string | null) {
  return (eb: ExpressionBuilder<DB, 'benchmarks' | 'benchmark_settings'>) =>
    sql<string>`${eb.ref('benchmarks.doc_head')} || ${visibleSettingCount(eb, viewerId)} || ${eb.ref('benchmarks.doc_tail')}`.as(
      'document',
    );
}

/** The `data` array of a page answer without its brackets: the answers, comma-separated. */
export type ListData = Buffer | string;

/**
 * The query for a page's `data` from a query of its answers (a `document` column, in page order),
 * and how to read it.
 *
 * SQLite joins the page in one pass and hands it over as one blob (a cast of text to blob only
 * relabels it): no per-row JavaScript strings or buffers, no re-encoding on the way to the socket.
 * group_concat follows the order of its ordered FROM-subquery: SQLite keeps a subquery's ORDER BY
 * when it has a LIMIT or the outer query aggregates with anything but count/min/max (sqlite3.c,
 * tag-select-0230), and a page query is both. PostgreSQL gives no such promise, so its rows are
 * joined here.
 */
export function listData<O extends { document: string }>(
  db: Db,
  documents: Compilable<O> & { as(alias: 'page'): AliasedSelectQueryBuilder<O, 'page'>; execute(): Promise<O[]> },
) {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const query = db
      .selectFrom(documents.as('page'))
      .select(sql<Buffer | null>`cast(group_concat(${sql.ref('page.document')}, ',') as blob)`.as('data'));
    return { query, read: async (): Promise<ListData> => (await query.executeTakeFirst())?.data ?? '' };
  }
  return {
    query: documents,
    read: async (): Promise<ListData> => (await documents.execute()).map((r) => r.document).join(','),
  };
}

const PAGE_OPEN = Buffer.from('{"data":[');

/** A page answer (`{data, count}`) made of stored answers, none of them parsed or serialised. */
export function listAnswerBody(data: ListData, count: number): ListData {
  const close = `],"count":${count}}`;
  return Buffer.isBuffer(data) ? Buffer.concat([PAGE_OPEN, data, Buffer.from(close)]) : `{"data":[${data}${close}`;
}

/** The stored answers of the given benchmarks, with the viewer's counts, in no particular order. */
export function documentsByIds(db: Db, ids: readonly string[], viewerId: string | null) {
  return db
    .selectFrom('benchmarks')
    .innerJoin('benchmark_settings', 'benchmark_settings.id', 'benchmarks.setting_id')
    .select(['benchmarks.id'])
    .select(documentColumn(viewerId))
    .where('benchmarks.id', 'in', ids.length ? [...ids] : ['']);
}

/**
 * One benchmark's full answer: its stored document with the repeated runs, their intervals and
 * the telemetry, which pages leave out (a telemetry series alone can outweigh a page of rows).
 */
export async function loadBenchmarkDetail(db: Db, id: string, viewerId: string | null): Promise<Benchmark | null> {
  const [benchmark] = await loadBenchmarks(db, [id], viewerId);
  if (!benchmark) return null;
  const extra = await db
    .selectFrom('benchmarks')
    .select(['runs', 'telemetry', 'provenance', 'hardware_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const runs = extra.runs === null ? null : (JSON.parse(extra.runs) as BenchmarkMetrics[]);
  return {
    ...benchmark,
    ...(runs ? { runs, intervals: metricIntervals(runs, extra.hardware_count) } : {}),
    ...(extra.telemetry === null ? {} : { telemetry: JSON.parse(extra.telemetry) as Telemetry }),
    ...(extra.provenance === null ? {} : { provenance: JSON.parse(extra.provenance) as Provenance }),
    prediction: await predictionOf(db, benchmark, viewerId),
  };
}

/** The answers for benchmark ids, in the order given (callers rank and filter; this only reads). */
export async function loadBenchmarks(db: Db, ids: readonly string[], viewerId: string | null): Promise<Benchmark[]> {
  if (ids.length === 0) return [];
  const rows = await documentsByIds(db, ids, viewerId).execute();
  const byId = new Map(rows.map((r) => [r.id, r.document]));
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document === undefined ? [] : [JSON.parse(document) as Benchmark];
  });
}
