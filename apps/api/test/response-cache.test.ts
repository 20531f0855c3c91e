import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../src/http/response-cache.ts';
import { refreshDocuments } from '../src/services/benchmarks.ts';
import { benchmark } from './fixtures.ts';
import { call, ok, signUp, startServer } from './helpers.ts';

describe('response cache', () => {
  it('expires entries, drops them on a write, and stays within its byte budget', () => {
    let now = 0;
    const cache = new ResponseCache({ maxBytes: 100, ttlMs: 1000, now: () => now });
    cache.set('a', Buffer.from('x'.repeat(20)), cache.version);
    expect(cache.get('a')).toHaveLength(20);
    now = 1001;
    expect(cache.get('a')).toBeUndefined();

    const before = cache.version;
    cache.invalidate();
    cache.set('stale', Buffer.from('computed before the write'), before);
    expect(cache.get('stale')).toBeUndefined();

    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) cache.set(key, Buffer.from('y'.repeat(25)), cache.version);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k5')).toBeDefined();
    cache.set('huge', Buffer.from('z'.repeat(60)), cache.version);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('serves repeated catalogue reads from memory until a write or the TTL', async () => {
    const ts = await startServer({ responseCache: { maxMb: 8, ttlS: 10 } });
    try {
      const { token } = await signUp(ts);
      const created = await ok(ts, 'createBenchmark', { token, body: benchmark({ notes: 'first' }) });
      const params = { benchmark_id: created.id };
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('first');
      // A change behind the API's back (as another server process on the same database makes it) is not seen while the entry lives…
      await ts.server.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('benchmarks').set({ notes: 'changed directly' }).where('id', '=', created.id).execute();
        await refreshDocuments(trx, [created.id]);
      });
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('first');
      ts.advance(11_000);
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('changed directly');
      // …while any write through the API is seen at once.
      await ok(ts, 'patchBenchmark', { token, params, body: { notes: 'patched' } });
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('patched');
      // Entries are per caller.
      const other = await signUp(ts);
      expect((await call(ts, 'getBenchmark', { token: other.token, params })).status).toBe(404);
    } finally {
      await ts.close();
    }
  });
});
