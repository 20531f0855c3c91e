/**
 * A byte-bounded LRU of serialized answers (kept as bytes, so a hit is written out without
 * re-encoding) to read-only catalogue calls. Entries are filed under the catalogue version, which
 * database triggers bump on every write to benchmarks and settings by any server process; a hit is
 * served only while the database still holds that version, so a write in one process invalidates
 * the caches of all of them by the very next request. The price is one primary-key read per
 * cacheable call. The TTL only bounds how long an unused answer occupies memory.
 */
export class ResponseCache {
  readonly #entries = new Map<string, { version: number; expires: number; body: Buffer }>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #readVersion: () => Promise<number>;
  #bytes = 0;
  /** The newest catalogue version seen; entries of older ones can never be served again. */
  #newest = -1;

  constructor(options: { maxBytes: number; ttlMs: number; now: () => number; readVersion: () => Promise<number> }) {
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now;
    this.#readVersion = options.readVersion;
  }

  get enabled(): boolean {
    return this.#maxBytes > 0 && this.#ttlMs > 0;
  }

  /**
   * The database's catalogue version now. Read it before computing an answer: the answer then
   * reflects at least this version, and a write after the read moves the version on, so the
   * answer is never served for a newer state than it saw.
   */
  async currentVersion(): Promise<number> {
    const version = await this.#readVersion();
    if (version > this.#newest) {
      this.#newest = version;
      this.#entries.clear();
      this.#bytes = 0;
    }
    return version;
  }

  get(key: string, version: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version || entry.expires <= this.#now()) {
      this.#bytes -= entry.body.length;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.body;
  }

  /** Stores an answer computed at `version`, unless a newer version has been seen since. */
  set(key: string, body: Buffer, version: number): void {
    if (!this.enabled || version !== this.#newest || body.length > this.#maxBytes / 4) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.body.length;
    }
    this.#entries.set(key, { version, expires: this.#now() + this.#ttlMs, body });
    this.#bytes += body.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.length;
    }
  }
}
