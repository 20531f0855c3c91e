import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@mako/contract';
import { propose } from '@mako/tuner';
import { loadConfig } from '../src/config.ts';
import { metrics, session } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

const LEASE_S = 60;

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer({ leaseTtlS: LEASE_S }, { propose });
});
afterAll(async () => {
  await ts.close();
});

/** A session with one parallel slot, and its first lease. */
async function leasedSession() {
  const { token } = await signUp(ts);
  const created = await ok(ts, 'createSession', {
    token,
    body: session({ budget: { max_trials: 6, max_parallel: 1 } }),
  });
  const params = { session_id: created.id };
  const [lease] = (await ok(ts, 'nextConfigs', { token, params, query: { name: 'gpu-1' }, body: { count: 1 } }))
    .configs;
  return { token, params, lease: lease! };
}

describe('leases', () => {
  it('last minutes by default, not half an hour: a runner that dies gives its configuration back soon', () => {
    expect(loadConfig({}).leaseTtlS).toBeLessThanOrEqual(5 * 60);
  });

  it('are kept for as long as the runner renews them, and go back to the search once it stops', async () => {
    const { token, params, lease } = await leasedSession();
    const renewParams = { ...params, pending_config_id: lease.id };
    // A measurement longer than the lease: renewed every 40 s over 2 minutes, the slot stays taken.
    for (let i = 0; i < 3; i++) {
      ts.advance(40_000);
      const renewed = await ok(ts, 'renewLease', { token, params: renewParams });
      expect(renewed.status).toBe('leased');
      expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.parse(lease.expires_at) + (i + 1) * 40_000 - 1000);
      expect((await call(ts, 'nextConfigs', { token, params, body: { count: 1 } })).status).toBe(409);
    }
    // The runner dies: within the lease time its configuration is leased again.
    ts.advance(LEASE_S * 1000 + 1000);
    const next = await call(ts, 'nextConfigs', { token, params, query: { name: 'gpu-2' }, body: { count: 1 } });
    expect(next.status).toBe(200);
    // The dead runner's lease cannot be revived.
    const late = await call(ts, 'renewLease', { token, params: renewParams });
    expect(late.status).toBe(409);
    expect(detailOf(late.body)).toBe(API_MESSAGES.leaseLapsed);
  });

  it('cannot be renewed once their result is in, nor by another user', async () => {
    const { token, params, lease } = await leasedSession();
    const renewParams = { ...params, pending_config_id: lease.id };
    const other = await signUp(ts);
    expect((await call(ts, 'renewLease', { token: other.token, params: renewParams })).status).toBe(404);
    await ok(ts, 'postResult', { token, params, body: { pending_config_id: lease.id, metrics: metrics(4000) } });
    const after = await call(ts, 'renewLease', { token, params: renewParams });
    expect(after.status).toBe(409);
    expect((await ok(ts, 'getPendingConfig', { token, params: renewParams })).status).toBe('evaluated');
  });
});
