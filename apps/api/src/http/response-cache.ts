/**
 * A byte-bounded LRU of serialized answers (kept as bytes, so a hit is written out without re-encoding) to read-only catalogue calls. Any successful write
 * through the API moves the version on and so invalidates every entry at once; the TTL bounds how
 * stale an answer can be when other server processes write to the same (PostgreSQL) database.
 */
export class ResponseCache {
  readonly #entries = new Map<string, { version: number; expires: number; body: Buffer }>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;
  #version = 0;

  constructor(options: { maxBytes: number; ttlMs: number; now: () => number }) {
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now;
  }

  get enabled(): boolean {
    return this.#maxBytes > 0 && this.#ttlMs > 0;
  }

  invalidate(): void {
    this.#version++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get(key: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== this.#version || entry.expires <= this.#now()) {
      this.#bytes -= entry.body.length;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.body;
  }

  /** Stores an answer unless a write happened while it was being computed (`version` is then stale). */
  set(key: string, body: Buffer, version: number): void {
    if (!this.enabled || version !== this.#version || body.length > this.#maxBytes / 4) return;
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

  get version(): number {
    return this.#version;
  }
}
