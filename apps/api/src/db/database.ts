import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  sql,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import type { DB } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The database or a transaction on it: what a query function runs on. */
export type Db = Kysely<DB> | Transaction<DB>;

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema the connection is confined to, if any. */
  schema?: string;
  close(): Promise<void>;
}

/** Rejects when the database cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

const INT8_OID = 20;

/**
 * Opens the database named by the URL: a `postgres://` URL uses PostgreSQL, anything else is a
 * SQLite file (created with its directory when missing, in WAL mode). `searchPath` confines a
 * PostgreSQL connection to one schema (tests give each file its own).
 */
export function openDatabase(url: string, options: { searchPath?: string } = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      // count(*) and other bigint results arrive as strings by default; our counts fit a double.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ...(options.searchPath ? { schema: options.searchPath } : {}),
      close: () => db.destroy(),
    };
  }
  const file = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads of a large catalogue go through the page cache without a syscall per page.
  sqlite.pragma('mmap_size = 1073741824');
  sqlite.pragma('cache_size = -65536');
  // Gathers planner statistics for tables that lack them (bounded work; SQLite's advice at open).
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    async close() {
      // Refreshes the planner's statistics where they went stale (cheap; SQLite's advice at close).
      if (sqlite.open) sqlite.pragma('optimize');
      await db.destroy();
    },
  };
}

/** Distinct SQL texts kept compiled: the app's queries vary by filter combination and page size only. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling SQL costs about as much as running a small
 * query. The same texts recur request after request, so their compiled statements are kept (LRU).
 * Kysely runs one query at a time on SQLite's single connection, so a cached statement is never
 * in use twice; a busy one (an unfinished iterator) is bypassed all the same.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(database: Database): Promise<void> {
  // The migrator looks for its own tables in every schema unless told which one is ours.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Unique-constraint violations, as SQLite and PostgreSQL report them. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
