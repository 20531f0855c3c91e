import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../src/http/response-cache.ts';
import { refreshDocuments } from '../src/services/benchmarks/documents.ts';
import { catalogueVersion } from '../src/services/count-cache.ts';
import { benchmark } from './fixtures.ts';
import { call, ok, signUp, startServer } from './helpers.ts';

describe('response cache', () => {
  it('expires entries, serves only the current catalogue version, and stays within its byte budget', async () => {
    let now = 0;
    let version = 1;
    const cache = new ResponseCache({ maxBytes: 100, ttlMs: 1000, now: () => now, readVersion: async () => version });
    cache.set('a', Buffer.from('x'.repeat(20)), await cache.currentVersion());
    expect(cache.get('a', await cache.currentVersion())).toHaveLength(20);
    now = 1001;
    expect(cache.get('a', await cache.currentVersion())).toBeUndefined();

    // An answer computed before a write (by any process) is neither served nor stored afterwards.
    const before = await cache.currentVersion();
    cache.set('b', Buffer.from('computed before the write'), before);
    version = 2;
    expect(cache.get('b', await cache.currentVersion())).toBeUndefined();
    cache.set('stale', Buffer.from('computed before the write'), before);
    expect(cache.get('stale', await cache.currentVersion())).toBeUndefined();

    const current = await cache.currentVersion();
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) cache.set(key, Buffer.from('y'.repeat(25)), current);
    expect(cache.get('k1', current)).toBeUndefined();
    expect(cache.get('k5', current)).toBeDefined();
    cache.set('huge', Buffer.from('z'.repeat(60)), current);
    expect(cache.get('huge', current)).toBeUndefined();
  });

  it('serves repeated catalogue reads from memory until the catalogue changes', async () => {
    const ts = await startServer({ responseCache: { maxMb: 8, ttlS: 10 } });
    try {
      const { token } = await signUp(ts);
      const created = await ok(ts, 'createBenchmark', { token, body: benchmark({ notes: 'first' }) });
      const params = { benchmark_id: created.id };
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('first');
      // Answers come from memory while the catalogue version stands: a change that (unlike every
      // real write) leaves the version as it was is not seen.
      const { db } = ts.server.ctx;
      const version = await catalogueVersion(db);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('benchmarks').set({ notes: 'unversioned' }).where('id', '=', created.id).execute();
        await refreshDocuments(trx, [created.id]);
        await trx
          .updateTable('catalogue_state')
          .set({ value: version })
          .where('name', '=', 'catalogue_version')
          .execute();
      });
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('first');
      // A change behind the API's back (as another server process on the same database makes it) is seen at once…
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('benchmarks').set({ notes: 'changed directly' }).where('id', '=', created.id).execute();
        await refreshDocuments(trx, [created.id]);
      });
      expect((await ok(ts, 'getBenchmark', { token, params })).notes).toBe('changed directly');
      // …and so is a change to a setting alone (settings are cached too).
      const settingParams = { setting_id: (await ok(ts, 'listSettings', { token })).data[0]!.id };
      expect((await ok(ts, 'getSetting', { token, params: settingParams })).benchmark_count).toBe(1);
      await db
        .updateTable('benchmark_settings')
        .set({ benchmark_count: 7 })
        .where('id', '=', settingParams.setting_id)
        .execute();
      expect((await ok(ts, 'getSetting', { token, params: settingParams })).benchmark_count).toBe(7);
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
