import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Dialect } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { GoogleVerifier } from './auth/google.ts';
import type { Explainer, Proposer } from './tuning/proposer.ts';
import type { CountCache } from './services/count-cache.ts';

/** Everything a handler needs, created once per server. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  now: () => number;
  mailer: Mailer;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  /** Null when no Google client id is configured. */
  google: GoogleVerifier | null;
  tasks: BackgroundTasks;
  propose: Proposer;
  /** Why a session's best wins: flag importance and failure regions (in the tuner's thread too). */
  explain: Explainer;
  /** Search match counts per catalogue version. */
  counts: CountCache;
}

export const isoAt = (ms: number) => new Date(ms).toISOString();

/** Work that outlives its request (sending mail); shutdown waits for it. */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();
  readonly #log: () => FastifyBaseLogger;

  constructor(log: () => FastifyBaseLogger) {
    this.#log = log;
  }

  run(label: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.#log().error({ err: error }, `${label} failed`))
      .finally(() => this.#running.delete(task));
    this.#running.add(task);
  }

  async drain(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}
