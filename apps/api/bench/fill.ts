import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { mulberry32 } from '@mako/perf-model';
import { migrate, openDatabase } from '../src/db/database.ts';
import { METRIC_COLUMNS } from '../src/db/schema.ts';
import { seedDemoCatalogue } from '../src/seed/demo.ts';
import { benchmarkDocument, rebuildStaleDocuments, type DocumentSource } from '../src/services/benchmarks/documents.ts';

const OWNERS = 200;
const BATCH = 5000;

const isLatency = (column: string) => /_ms_/.test(column) || column === 'm_cost_per_million_tokens';

/**
 * A SQLite file with `total` benchmarks: the demo catalogue (from the performance model) as
 * templates, replicated across 200 owners with ±20 % variation, 80 % published, spread over a year.
 * Reused when it already holds that many.
 */
export async function fillDatabase(file: string, total: number): Promise<void> {
  if (fs.existsSync(file)) {
    const raw = new SQLite(file, { readonly: true });
    const { n } = raw.prepare('select count(*) as n from benchmarks').get() as { n: number };
    raw.close();
    if (n >= total) return;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = performance.now();
  const database = openDatabase(file);
  await migrate(database);
  // Marks the (still empty) table's documents as current, so the server does not rebuild them.
  await rebuildStaleDocuments(database.db);
  await seedDemoCatalogue({ db: database.db, now: Date.now, log: { info: () => undefined } });
  await database.close();

  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  // Bulk loading is far faster with the secondary indexes built afterwards, in one pass each, and
  // the catalogue-version triggers (one update per row) put back at the end.
  const indexes = raw
    .prepare(
      "select type, name, sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'benchmarks' and sql is not null",
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const index of indexes) raw.exec(`drop ${index.type} ${index.name}`);
  const templates = raw.prepare('select * from benchmarks').all() as Record<string, unknown>[];
  const templateSettings = new Map(
    (raw.prepare('select * from benchmark_settings').all() as Record<string, unknown>[]).map((s) => [
      s.id as string,
      s,
    ]),
  );
  const owners = Array.from({ length: OWNERS }, (_, i) => `bench-owner-${i}`);
  const insertUser = raw.prepare(
    'insert into users (id, email, full_name, password_hash, google_sub, token_version, is_system, created_at) values (?, ?, null, null, null, 0, 0, ?)',
  );
  for (const id of owners) insertUser.run(id, `${id}@bench.invalid`, new Date().toISOString());

  const benchmarkColumns = Object.keys(templates[0]!);
  const insertBenchmark = raw.prepare(
    `insert into benchmarks (${benchmarkColumns.join(', ')}) values (${benchmarkColumns.map(() => '?').join(', ')})`,
  );
  const settingColumns = Object.keys(templateSettings.values().next().value!);
  const insertSetting = raw.prepare(
    `insert into benchmark_settings (${settingColumns.join(', ')}) values (${settingColumns.map(() => '?').join(', ')})`,
  );
  const settingIds = new Map<string, string>();
  const counts = new Map<string, { all: number; published: number }>();
  const rnd = mulberry32(42);
  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();

  const insertBatch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const template = templates[i % templates.length]!;
      const owner = owners[Math.floor(rnd() * OWNERS)]!;
      const key = `${owner}/${template.setting_id as string}`;
      let settingId = settingIds.get(key);
      if (!settingId) {
        settingId = randomUUID();
        settingIds.set(key, settingId);
        const setting: Record<string, unknown> = {
          ...templateSettings.get(template.setting_id as string)!,
          id: settingId,
          owner_id: owner,
          benchmark_count: 0,
          published_count: 0,
        };
        insertSetting.run(settingColumns.map((c) => setting[c]));
      }
      const published = rnd() < 0.8 ? 1 : 0;
      const c = counts.get(settingId) ?? { all: 0, published: 0 };
      c.all++;
      c.published += published;
      counts.set(settingId, c);
      const factor = 0.8 + rnd() * 0.4;
      const row: Record<string, unknown> = {
        ...template,
        id: randomUUID(),
        setting_id: settingId,
        owner_id: owner,
        published,
        verified: rnd() < 0.3 ? 1 : 0,
        demo: 0,
        notes: '',
        created_at: new Date(now - Math.floor(rnd() * yearMs)).toISOString(),
      };
      for (const column of METRIC_COLUMNS) {
        const value = template[column];
        if (typeof value === 'number') row[column] = isLatency(column) ? value / factor : value * factor;
      }
      const setting = templateSettings.get(template.setting_id as string)!;
      Object.assign(
        row,
        benchmarkDocument(row as unknown as DocumentSource, {
          owner_id: owner,
          created_at: setting.created_at as string,
        }),
      );
      insertBenchmark.run(benchmarkColumns.map((col) => row[col]));
    }
  });
  for (let from = templates.length; from < total; from += BATCH) {
    insertBatch(from, Math.min(total, from + BATCH));
    if (from % 100_000 < BATCH) process.stdout.write(`  ${from.toLocaleString('en-US')} rows\r`);
  }
  const updateCounts = raw.prepare(
    'update benchmark_settings set benchmark_count = ?, published_count = ? where id = ?',
  );
  raw.transaction(() => {
    for (const [id, c] of counts) updateCounts.run(c.all, c.published, id);
  })();
  for (const index of indexes) raw.exec(index.sql);
  raw.exec("update catalogue_state set value = value + 1 where name = 'catalogue_version'");
  raw.exec('analyze');
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  console.log(
    `Filled ${file} with ${total.toLocaleString('en-US')} benchmarks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
