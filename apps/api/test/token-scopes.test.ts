import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_LIFETIME_DAYS, RUNNER_TOKEN_SCOPES, endpoints, type EndpointName } from '@mako/contract';
import { migrations } from '../src/db/migrations/index.ts';
import { benchmark, metrics, session } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

let ts: TestServer;
let alice: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice } = started));

const SIGN_IN_NEEDED =
  'This call manages the account and needs a signed-in session: API tokens cannot make it, whatever their scopes';

const apiToken = async (token: string, body: { scopes?: string[]; expires_in_days?: number } = {}) =>
  (await ok(ts, 'createApiToken', { token, body: { name: 'gpu-host', ...body } as never })).secret;

/** Issue 23: the secret on every GPU host could take the whole account over. */
describe('scoped API tokens', () => {
  it('a runner token cannot manage the account: password, tokens, sign-out everywhere, registry tokens, subscription', async () => {
    const magicOnly = await signUp(ts);
    const secret = await apiToken(magicOnly.token);
    // The takeover: setting the first password of a magic-link account with the token.
    const takeover = await call(ts, 'changePassword', {
      token: secret,
      body: { new_password: 'attacker-chosen-password' },
    });
    expect([takeover.status, detailOf(takeover.body)]).toEqual([403, SIGN_IN_NEEDED]);
    expect((await ok(ts, 'me', { token: magicOnly.token })).has_password).toBe(false);

    const refused: [EndpointName, object][] = [
      ['createApiToken', { body: { name: 'successor', expires_in_days: 366 } }],
      ['listApiTokens', {}],
      ['revokeApiToken', { params: { token_id: magicOnly.user.id } }],
      ['logoutAll', {}],
      ['createRegistryToken', { body: { name: 'pull' } }],
      ['listRegistryTokens', {}],
      ['getSubscription', {}],
      ['createCheckout', { body: { plan_id: 'pro' } }],
    ];
    for (const [name, options] of refused) {
      const answer = await call(ts, name, { token: secret, ...options });
      expect([name, answer.status, detailOf(answer.body)]).toEqual([name, 403, SIGN_IN_NEEDED]);
    }
    // The session still works: nothing was ended by the refused logout-all.
    expect((await call(ts, 'me', { token: magicOnly.token })).status).toBe(200);
  });

  it('a token never lives longer than the maximum and cannot be made to never expire', async () => {
    const never = await call(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'forever', expires_in_days: null as unknown as number },
    });
    expect(never.status).toBe(422);
    expect(detailOf(never.body)).toEqual([
      expect.objectContaining({
        loc: ['body', 'expires_in_days'],
        msg: `Tokens expire within 1 to ${MAX_TOKEN_LIFETIME_DAYS} days; none lives forever`,
      }),
    ]);
    const tooLong = await call(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'long', expires_in_days: MAX_TOKEN_LIFETIME_DAYS + 1 },
    });
    expect([tooLong.status, (detailOf(tooLong.body) as { loc: string[] }[])[0]!.loc]).toEqual([
      422,
      ['body', 'expires_in_days'],
    ]);
    const registry = await call(ts, 'createRegistryToken', {
      token: alice.token,
      body: { name: 'pull', expires_in_days: null as unknown as number },
    });
    expect(registry.status).toBe(422);
  });

  it('gives a runner what it needs by default: reports benchmarks, drives a tuning session and posts results', async () => {
    const created = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'runner' } });
    expect(created.token.scopes).toEqual([...RUNNER_TOKEN_SCOPES]);
    const secret = created.secret;
    const bench = await ok(ts, 'createBenchmark', { token: secret, body: benchmark() });
    expect((await ok(ts, 'getBenchmark', { token: secret, params: { benchmark_id: bench.id } })).id).toBe(bench.id);
    const s = await ok(ts, 'createSession', { token: secret, body: session() });
    const params = { session_id: s.id };
    const leased = await ok(ts, 'nextConfigs', { token: secret, params, body: { count: 1 } });
    await ok(ts, 'postResult', {
      token: secret,
      params,
      body: { pending_config_id: leased.configs[0]!.id, metrics: metrics(1000) },
    });
    expect((await ok(ts, 'getBest', { token: secret, params })).result.trial_number).toBe(1);
    expect((await ok(ts, 'getSession', { token: secret, params })).counts.evaluated).toBe(1);
  });

  it('refuses a call outside the token’s scopes with the scope it lacks', async () => {
    const readOnly = await ok(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'dashboards', scopes: ['read'] },
    });
    expect(readOnly.token.scopes).toEqual(['read']);
    expect((await call(ts, 'mySessions', { token: readOnly.secret })).status).toBe(200);
    const write = await call(ts, 'createBenchmark', { token: readOnly.secret, body: benchmark() });
    expect([write.status, detailOf(write.body)]).toEqual([
      403,
      'This API token lacks the scope this call needs: benchmarks:write',
    ]);
    const serve = await call(ts, 'createServeRequest', {
      token: readOnly.secret,
      body: { ml_model_name: 'x', hardware_config: { gpu_type: 'H100', gpu_count: 1 }, objective: 'output_throughput' },
    });
    expect(detailOf(serve.body)).toBe('This API token lacks the scope this call needs: serve_requests:write');
    const unknown = await call(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'x', scopes: ['admin'] as never },
    });
    expect([unknown.status, (detailOf(unknown.body) as { loc: unknown[] }[])[0]!.loc]).toEqual([
      422,
      ['body', 'scopes', 0],
    ]);
    const none = await call(ts, 'createApiToken', { token: alice.token, body: { name: 'x', scopes: [] } });
    expect(detailOf(none.body)).toEqual([
      expect.objectContaining({ loc: ['body', 'scopes'], msg: 'Choose at least one scope' }),
    ]);
  });

  it('every call but the public ones names the scope a token needs (a row without one would be closed to tokens)', () => {
    for (const [name, def] of Object.entries(endpoints)) {
      if (def.auth === 'none') expect([name, 'scope' in def]).toEqual([name, false]);
      else expect([name, 'scope' in def]).toEqual([name, true]);
    }
  });
});

describe('revoking API tokens with the sessions', () => {
  it('a password change keeps API tokens unless asked, and revokes them when asked', async () => {
    const user = await signUp(ts);
    const kept = await apiToken(user.token);
    const first = await ok(ts, 'changePassword', { token: user.token, body: { new_password: 'first-password-1' } });
    expect((await call(ts, 'authMe', { token: kept })).status).toBe(200);
    expect((await call(ts, 'me', { token: user.token })).status).toBe(401);
    const second = await ok(ts, 'changePassword', {
      token: first.access_token,
      body: { current_password: 'first-password-1', new_password: 'second-password-2', revoke_api_tokens: true },
    });
    expect((await call(ts, 'authMe', { token: kept })).status).toBe(401);
    const listed = await ok(ts, 'listApiTokens', { token: second.access_token });
    expect(listed.data.every((t) => t.revoked_at !== null)).toBe(true);
  });

  it('sign-out everywhere keeps API tokens unless asked, and revokes them when asked', async () => {
    const user = await signUp(ts);
    const kept = await apiToken(user.token);
    expect((await ok(ts, 'logoutAll', { token: user.token })).message).toBe('Signed out of every session');
    expect((await call(ts, 'me', { token: user.token })).status).toBe(401);
    expect((await call(ts, 'authMe', { token: kept })).status).toBe(200);

    const again = await signUp(ts, user.user.email);
    const answer = await ok(ts, 'logoutAll', { token: again.token, body: { revoke_api_tokens: true } });
    expect(answer.message).toBe('Signed out of every session and revoked every API token');
    expect((await call(ts, 'authMe', { token: kept })).status).toBe(401);
  });
});

describe('tokens made before scopes', () => {
  it('get the runner scopes and an expiry when the migration runs', async () => {
    const server = await startServer();
    try {
      const user = await signUp(server);
      const { secret, token } = await ok(server, 'createApiToken', { token: user.token, body: { name: 'old' } });
      const { db } = server.server.ctx;
      // As main stored it: no scopes, no expiry.
      await db.updateTable('access_keys').set({ scope: null, expires_at: null }).where('id', '=', token.id).execute();
      await migrations['0008_token_scopes']!.up(db);
      const row = await db.selectFrom('access_keys').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
      expect(row.scope).toBe('read benchmarks:write tuning:write');
      expect(Date.parse(row.expires_at!) - Date.now()).toBeGreaterThan(365 * 86_400_000);
      expect((await call(server, 'createBenchmark', { token: secret, body: benchmark() })).status).toBe(200);
      expect((await call(server, 'listApiTokens', { token: secret })).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
