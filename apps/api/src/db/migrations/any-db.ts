import type { Kysely } from 'kysely';

/* Migrations use only types both engines understand (text, integer, double precision), so the same
 * list runs on SQLite and PostgreSQL. They are append-only: never edit one that has shipped. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving table types
export type AnyDb = Kysely<any>;
