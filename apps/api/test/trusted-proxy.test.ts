import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { call, startServer, uniqueEmail, type TestServer } from './helpers.ts';

/**
 * Issue 23: behind a proxy, the burst limit counted the left-most X-Forwarded-For entry, which the
 * client writes. These send chains whose left part changes on every try, as an attacker would.
 */
describe('the client address behind trusted proxies', () => {
  const wrongPassword = (ts: TestServer, forwardedFor: string) =>
    call(ts, 'login', {
      body: { username: 'victim@example.com', password: 'not-the-password' },
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const statuses = async (count: number, attempt: (i: number) => Promise<{ status: number }>) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await attempt(i)).status);
    return seen;
  };
  const tally = (seen: number[]) => ({
    allowed: seen.filter((s) => s !== 429).length,
    refused: seen.filter((s) => s === 429).length,
  });

  it('TRUST_PROXY=true trusts one hop: a spoofed chain cannot get past the burst limit of sign-ins or sign-in mails', async () => {
    const ts = await startServer({ authRateLimit: { max: 20, windowS: 60 } }, { env: { TRUST_PROXY: 'true' } });
    try {
      // 25 wrong passwords, each with a new made-up left-most entry; the proxy (us) added 203.0.113.7.
      const logins = await statuses(25, (i) => wrongPassword(ts, `10.9.${i}.1, 203.0.113.7`));
      expect.soft(tally(logins)).toEqual({ allowed: 20, refused: 5 });
      expect(logins.slice(0, 20).every((s) => s === 400)).toBe(true);

      // 25 sign-in mails from another real client: its own budget, and the same limit.
      const email = uniqueEmail('flood');
      const mails = await statuses(25, (i) =>
        call(ts, 'sendMagicLink', {
          body: { email, application: 'MakoOptimize' },
          headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.8` },
        }),
      );
      expect.soft(tally(mails)).toEqual({ allowed: 20, refused: 5 });
      await ts.smtp.waitFor(email, 20);
      await ts.server.ctx.tasks.drain();
      expect(ts.smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(20);
    } finally {
      await ts.close();
    }
  });

  it('a hop count trusts that many proxies and takes the entry before them', async () => {
    const ts = await startServer({ authRateLimit: { max: 3, windowS: 60 } }, { env: { TRUST_PROXY: '2' } });
    try {
      // Our two proxies: the socket's peer and 10.0.0.2, which added 203.0.113.9 (the client).
      const spoofed = await statuses(5, (i) => wrongPassword(ts, `198.51.100.${i}, 203.0.113.9, 10.0.0.2`));
      expect(spoofed).toEqual([400, 400, 400, 429, 429]);
      // Another client behind the same proxies has a budget of its own.
      expect((await wrongPassword(ts, '203.0.113.10, 10.0.0.2')).status).toBe(400);
    } finally {
      await ts.close();
    }
  });

  it('a list of proxy addresses and ranges trusts those wherever they stand in the chain', async () => {
    const ts = await startServer(
      { authRateLimit: { max: 3, windowS: 60 } },
      { env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } },
    );
    try {
      const spoofed = await statuses(5, (i) => wrongPassword(ts, `198.51.100.${i}, 203.0.113.9, 10.1.2.3, 10.0.0.7`));
      expect(spoofed).toEqual([400, 400, 400, 429, 429]);
      // A made-up entry that looks like one of our proxies is skipped like one: the client stays 203.0.113.9.
      expect((await wrongPassword(ts, '203.0.113.9, 10.66.0.1')).status).toBe(429);
    } finally {
      await ts.close();
    }
  });

  it('without TRUST_PROXY the header is ignored: every try counts against the socket’s address', async () => {
    const ts = await startServer({ authRateLimit: { max: 3, windowS: 60 } });
    try {
      expect(await statuses(5, (i) => wrongPassword(ts, `203.0.113.${i}`))).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await ts.close();
    }
  });

  it('reads TRUST_PROXY as false, a hop count (true is one) or addresses, and names a bad entry', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toEqual({ hops: 3 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.0.0/255.255.0.0, ::1' }).trustProxy).toEqual({
      addresses: ['loopback', '10.0.0.0/8', '192.168.0.0/255.255.0.0', '::1'],
    });
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, 10.0.0.300' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY: "10.0.0.300"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/at most 10 hops/);
  });
});
