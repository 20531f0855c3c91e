import type { Db } from '../db/database.ts';

/**
 * The catalogue version: database triggers bump it on every insert, update and delete of a
 * benchmark or setting (by this process or any other), so it names one state of the catalogue.
 */
export async function catalogueVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('catalogue_state')
    .select('value')
    .where('name', '=', 'catalogue_version')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Exact match counts of searches, keyed by filter and viewer and valid for one catalogue version.
 * An exact COUNT(*) reads every matching index entry, the dominant cost of a page once the rows
 * themselves come from stored documents; repeated searches (paging, the same list for many users)
 * reuse it until the next write. Readers must take the version before they count, so a count is
 * never filed under a version older than the data it saw.
 */
export class CountCache {
  readonly #entries = new Map<string, number>();
  readonly #maxEntries: number;
  #version = -1;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.#maxEntries > 0;
  }

  get(version: number, key: string): number | undefined {
    if (version > this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    if (version !== this.#version) return undefined;
    const count = this.#entries.get(key);
    if (count !== undefined) {
      // Most recently used last, so eviction takes the coldest entry.
      this.#entries.delete(key);
      this.#entries.set(key, count);
    }
    return count;
  }

  set(version: number, key: string, count: number): void {
    if (!this.enabled || version !== this.#version) return;
    this.#entries.set(key, count);
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
