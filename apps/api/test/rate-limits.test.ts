import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countRequest } from '../src/services/rate-limits.ts';
import { call, startServer, uniqueEmail } from './helpers.ts';

describe('burst limits in the database', () => {
  it('counts a window atomically, restarts it once lapsed, and deletes lapsed windows', async () => {
    const ts = await startServer({ authRateLimit: { max: 2, windowS: 60 } });
    try {
      const { db } = ts.server.ctx;
      // A window in the past: the background cleanup must delete it later.
      const t0 = ts.config.now() - 10_000;
      const counts = await Promise.all(Array.from({ length: 5 }, () => countRequest(db, 'k', 1000, t0)));
      expect(counts.map((c) => c.current).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await countRequest(db, 'k', 1000, t0 + 400)).toEqual({ current: 6, ttl: 600 });
      expect(await countRequest(db, 'k', 1000, t0 + 1000)).toEqual({ current: 1, ttl: 1000 });

      // Through the API: the third login attempt is refused, and the lapsed window is cleaned up.
      const login = () => call(ts, 'login', { body: { username: uniqueEmail(), password: 'wrong-password' } });
      expect([(await login()).status, (await login()).status, (await login()).status]).toEqual([400, 400, 429]);
      ts.advance(61_000);
      expect((await login()).status).toBe(400);
      await ts.server.ctx.tasks.drain();
      const keys = await db.selectFrom('rate_limits').select(['key', 'hits']).execute();
      expect(keys).toEqual([{ key: expect.stringContaining('auth') as string, hits: 1 }]);
    } finally {
      await ts.close();
    }
  });

  it('gives public share pages a budget of their own, apart from the survey’s', async () => {
    const ts = await startServer({ authRateLimit: { max: 2, windowS: 60 } });
    try {
      const survey = () =>
        call(ts, 'submitSurvey', {
          body: { role: 'ml-engineer', serving_engines: ['vllm'], gpus_in_production: '1-8', biggest_pain: 'Cost' },
        });
      const benchmarkId = randomUUID();
      const shared = () => call(ts, 'publicBenchmark', { params: { benchmark_id: benchmarkId } });
      const sharedSession = () => call(ts, 'publicTuningSession', { params: { session_id: benchmarkId } });
      // Each shared object has a budget of its own: the third read of one page is refused...
      expect([(await shared()).status, (await shared()).status, (await shared()).status]).toEqual([404, 404, 429]);
      // ...while every other shared object (visitors behind one proxy read many) has all of its own...
      for (let i = 0; i < 3; i++)
        expect((await call(ts, 'publicBenchmark', { params: { benchmark_id: randomUUID() } })).status).toBe(404);
      expect((await sharedSession()).status).toBe(404);
      // ...and so does the survey.
      expect([(await survey()).status, (await survey()).status, (await survey()).status]).toEqual([200, 200, 429]);
      ts.advance(61_000);
      // A fresh window: the survey used up again, the share pages still answer.
      expect([(await survey()).status, (await survey()).status, (await survey()).status]).toEqual([200, 200, 429]);
      expect((await shared()).status).toBe(404);
    } finally {
      await ts.close();
    }
  });
});
