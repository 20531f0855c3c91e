import { COMPRESSION_THRESHOLD_BYTES, compressAnswer, type AnswerEncoding } from './encodings.ts';

interface Entry {
  version: number;
  expires: number;
  body: Buffer;
  /** The body compressed, per encoding a client asked for; made once, on the first such request. */
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
  /** The body's and its compressed copies' bytes together: what the entry costs of the bound. */
  bytes: number;
}

/** A cached answer as it is to be sent: its bytes and their encoding (null: not compressed). */
export interface CachedAnswer {
  body: Buffer;
  encoding: AnswerEncoding | null;
}

/**
 * A byte-bounded LRU of serialized answers (kept as bytes, so a hit is written out without
 * re-encoding) to read-only catalogue calls. Entries are filed under the catalogue version, which
 * database triggers bump on every write to benchmarks and settings by any server process; a hit is
 * served only while the database still holds that version, so a write in one process invalidates
 * the caches of all of them by the very next request. The price is one primary-key read per
 * cacheable call. The TTL only bounds how long an unused answer occupies memory.
 */
export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
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
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.body;
  }

  /**
   * The cached answer in the encoding the client accepts (null: none), compressed on the first
   * request that asks for that encoding and kept with the entry: a popular answer is compressed
   * once per encoding, not once per request. Small answers are sent as they are.
   */
  getEncoded(key: string, version: number, encoding: AnswerEncoding | null): CachedAnswer | undefined {
    const body = this.get(key, version);
    if (body === undefined) return undefined;
    if (encoding === null || body.length < COMPRESSION_THRESHOLD_BYTES) return { body, encoding: null };
    const entry = this.#entries.get(key)!;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compressAnswer(body, encoding);
      entry.encoded[encoding] = encoded;
      entry.bytes += encoded.length;
      this.#bytes += encoded.length;
      this.#evictOverflow();
    }
    return { body: encoded, encoding };
  }

  /** Stores an answer computed at `version`, unless a newer version has been seen since. */
  set(key: string, body: Buffer, version: number): void {
    if (!this.enabled || version !== this.#newest || body.length > this.#maxBytes / 4) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    this.#entries.set(key, { version, expires: this.#now() + this.#ttlMs, body, encoded: {}, bytes: body.length });
    this.#bytes += body.length;
    this.#evictOverflow();
  }

  /** Drops the least recently used entries until the cache is within its bound. */
  #evictOverflow(): void {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }
}
