import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { API_PREFIX } from '@mako/contract';
import { sha256 } from '../src/auth/secrets.ts';
import { createPasswordHasher } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { linkToken } from './smtp.ts';
import { call, detailOf, ok, signUp, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer();
});
afterAll(() => ts.close());

async function requestLink(server: TestServer, kind: 'magic' | 'verify', email: string) {
  const before = server.smtp.messages.filter((m) => m.to.includes(email)).length;
  await ok(server, kind === 'magic' ? 'sendMagicLink' : 'sendVerificationEmail', {
    body: { email, application: 'MakoOptimize' },
  });
  const mail = await server.smtp.waitFor(email, before + 1);
  return linkToken(mail, kind === 'magic' ? '/magic-link-login' : '/verify-email');
}

describe('sign-up by e-mail verification', () => {
  it('registers through the mailed link and returns a token and the user', async () => {
    const email = uniqueEmail('Signup').toUpperCase();
    const token = await requestLink(ts, 'verify', email.toLowerCase());
    const mail = ts.smtp.messages.at(-1)!;
    expect(mail.text).toContain(`${ts.config.publicUrl}/verify-email?token=${token}`);
    const answer = await ok(ts, 'register', { body: { email_verification_token: token } });
    expect(answer.user.email).toBe(email.toLowerCase());
    expect(answer.user.has_password).toBe(false);
    const me = await ok(ts, 'me', { token: answer.token!.access_token });
    expect(me).toEqual(answer.user);
    expect(Date.now() - Date.parse(me.created_at)).toBeLessThan(60_000);
  });

  it('refuses a used, unknown or malformed link', async () => {
    const token = await requestLink(ts, 'verify', uniqueEmail());
    await ok(ts, 'register', { body: { email_verification_token: token } });
    const again = await call(ts, 'register', { body: { email_verification_token: token } });
    expect(again.status).toBe(400);
    expect(detailOf(again.body)).toMatch(/invalid, has expired or was already used/);
    expect((await call(ts, 'register', { body: { email_verification_token: 'nope' } })).status).toBe(400);
    const empty = await call(ts, 'register', { body: { email_verification_token: '' } });
    expect(empty.status).toBe(422);
    expect(detailOf(empty.body)).toEqual([
      { loc: ['body', 'email_verification_token'], msg: 'Token is required', type: 'too_small' },
    ]);
  });

  it('expires verification links after 60 minutes', async () => {
    const fresh = await requestLink(ts, 'verify', uniqueEmail());
    const stale = await requestLink(ts, 'verify', uniqueEmail());
    ts.advance(59 * 60_000);
    expect((await call(ts, 'register', { body: { email_verification_token: fresh } })).status).toBe(200);
    ts.advance(2 * 60_000);
    expect((await call(ts, 'register', { body: { email_verification_token: stale } })).status).toBe(400);
  });
});

describe('magic links', () => {
  it('logs an existing user in and creates the account of a new address', async () => {
    const { user, email } = await signUp(ts);
    const token = await requestLink(ts, 'magic', email);
    const login = await ok(ts, 'loginMagicLink', { body: { token } });
    expect(login.token_type).toBe('bearer');
    expect((await ok(ts, 'me', { token: login.access_token })).id).toBe(user.id);

    const newcomer = uniqueEmail('new');
    const first = await ok(ts, 'loginMagicLink', { body: { token: await requestLink(ts, 'magic', newcomer) } });
    expect((await ok(ts, 'me', { token: first.access_token })).email).toBe(newcomer);
  });

  it('expires after 10 minutes', async () => {
    const early = await requestLink(ts, 'magic', uniqueEmail());
    const late = await requestLink(ts, 'magic', uniqueEmail());
    ts.advance(9 * 60_000);
    expect((await call(ts, 'loginMagicLink', { body: { token: early } })).status).toBe(200);
    ts.advance(61_000 + 1000);
    expect((await call(ts, 'loginMagicLink', { body: { token: late } })).status).toBe(400);
  });

  it('gives exactly one success when 20 redemptions of one link race', async () => {
    const token = await requestLink(ts, 'magic', uniqueEmail('race'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(ts, 'loginMagicLink', { body: { token } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(19);
  });

  it('invalidates earlier links when a new one is sent', async () => {
    const email = uniqueEmail();
    const first = await requestLink(ts, 'magic', email);
    const second = await requestLink(ts, 'magic', email);
    expect((await call(ts, 'loginMagicLink', { body: { token: first } })).status).toBe(400);
    expect((await call(ts, 'loginMagicLink', { body: { token: second } })).status).toBe(200);
  });

  it('stores links only as SHA-256 hashes', async () => {
    const email = uniqueEmail('hash');
    const token = await requestLink(ts, 'magic', email);
    const rows = await ts.server.ctx.db.selectFrom('one_time_tokens').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('no user enumeration', () => {
  it('answers known and unknown addresses identically', async () => {
    const { email: known } = await signUp(ts);
    const unknown = uniqueEmail('ghost');
    for (const name of ['sendMagicLink', 'sendVerificationEmail'] as const) {
      const a = await call(ts, name, { body: { email: known, application: 'MakoOptimize' } });
      const b = await call(ts, name, { body: { email: unknown, application: 'MakoOptimize' } });
      expect(a.status).toBe(200);
      expect([b.status, b.body, b.headers.get('content-type')]).toEqual([
        a.status,
        a.body,
        a.headers.get('content-type'),
      ]);
    }
    // Both addresses receive a mail: nothing observable tells them apart.
    await ts.smtp.waitFor(unknown, 2);
  });

  it('gives the same password-login error for an unknown address and a wrong password', async () => {
    const { token, email } = await signUp(ts);
    await ok(ts, 'changePassword', { token, body: { new_password: 'correct horse battery' } });
    const wrong = await call(ts, 'login', { body: { username: email, password: 'wrong password!' } });
    const unknown = await call(ts, 'login', { body: { username: uniqueEmail('nobody'), password: 'wrong password!' } });
    expect(wrong.status).toBe(400);
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    expect(detailOf(wrong.body)).toBe('Incorrect email or password');
  });
});

describe('rate limits', () => {
  it('holds a 60 s resend cooldown per address, the same for every address', async () => {
    const server = await startServer({ mailCooldownS: 60 });
    try {
      const { email: known } = await signUp(server);
      await server.server.ctx.db.deleteFrom('mail_cooldowns').execute();
      const unknown = uniqueEmail('ghost');
      for (const email of [known, unknown]) {
        const body = { email, application: 'MakoOptimize' };
        expect((await call(server, 'sendMagicLink', { body })).status).toBe(200);
        const again = await call(server, 'sendMagicLink', { body });
        expect(again.status).toBe(429);
        const retryAfter = Number(again.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(55);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Another address is not held up, and the cooldown ends after 60 s.
      expect((await call(server, 'sendMagicLink', { body: { email: uniqueEmail(), application: 'x' } })).status).toBe(
        200,
      );
      server.advance(61_000);
      expect((await call(server, 'sendMagicLink', { body: { email: known, application: 'x' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('limits bursts per IP on the auth calls with 429 and Retry-After', async () => {
    const server = await startServer({ authRateLimit: { max: 3, windowS: 60 } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await call(server, 'login', { body: { username: uniqueEmail(), password: 'whatever-password' } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(detailOf(last!.body)).toMatch(/Too many requests/);
      // Signed-in calls are not part of the burst limit.
      expect((await call(server, 'getSettings')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('passwords and access tokens', () => {
  it('sets, uses and changes a password; a change revokes earlier tokens', async () => {
    const { token, email } = await signUp(ts);
    const set = await ok(ts, 'changePassword', { token, body: { new_password: 'first password 1' } });
    expect((await call(ts, 'me', { token })).status).toBe(401);
    expect((await ok(ts, 'me', { token: set.access_token })).has_password).toBe(true);

    const login = await ok(ts, 'login', {
      body: { username: email.toUpperCase(), password: 'first password 1', grant_type: 'password' },
    });
    const missingCurrent = await call(ts, 'changePassword', {
      token: login.access_token,
      body: { new_password: 'second password 2' },
    });
    expect(missingCurrent.status).toBe(400);
    const wrongCurrent = await call(ts, 'changePassword', {
      token: login.access_token,
      body: { current_password: 'nope', new_password: 'second password 2' },
    });
    expect(detailOf(wrongCurrent.body)).toBe('Current password is incorrect');
    const changed = await ok(ts, 'changePassword', {
      token: login.access_token,
      body: { current_password: 'first password 1', new_password: 'second password 2' },
    });
    expect((await call(ts, 'me', { token: login.access_token })).status).toBe(401);
    expect((await call(ts, 'me', { token: changed.access_token })).status).toBe(200);
    expect((await call(ts, 'login', { body: { username: email, password: 'first password 1' } })).status).toBe(400);
    expect((await call(ts, 'login', { body: { username: email, password: 'second password 2' } })).status).toBe(200);

    const short = await call(ts, 'changePassword', {
      token: changed.access_token,
      body: { current_password: 'second password 2', new_password: 'short' },
    });
    expect(short.status).toBe(422);
  });

  it('hashes passwords with argon2id at m >= 19456 KiB and t >= 2 by default', async () => {
    const defaults = loadConfig({}).argon2;
    const stored = await createPasswordHasher(defaults).hash('a password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const { token, user } = await signUp(ts);
    await ok(ts, 'changePassword', { token, body: { new_password: 'stored as argon2id' } });
    const row = await ts.server.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts the password form only as a form, and demands its fields', async () => {
    const asJson = await fetch(`${ts.baseUrl}${API_PREFIX}/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a@b.co', password: 'x' }),
    });
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toEqual({ detail: 'Unsupported media type' });
    const missing = await call(ts, 'login', { body: { username: 'a@b.co' } });
    expect(missing.status).toBe(422);
    expect(detailOf(missing.body)).toEqual([expect.objectContaining({ loc: ['body', 'password'] })]);
  });

  it('issues HS256 tokens with exp in seconds, one hour by default, refused once expired', async () => {
    const { token } = await signUp(ts);
    const claims = decodeJwt(token);
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(Math.abs(claims.exp! - Date.now() / 1000 - 3600)).toBeLessThan(7200);
    ts.advance(3601_000);
    const expired = await call(ts, 'me', { token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses missing, tampered and foreign tokens', async () => {
    const { token } = await signUp(ts);
    expect(detailOf((await call(ts, 'me')).body)).toBe('Not authenticated');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString(
      'base64url',
    );
    for (const bad of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
      'not-a-jwt',
    ]) {
      const answer = await call(ts, 'me', { token: bad });
      expect(answer.status).toBe(401);
      expect(detailOf(answer.body)).toBe('Could not validate credentials');
    }
  });

  it('logs out everywhere', async () => {
    const { token, email } = await signUp(ts);
    const second = await ok(ts, 'loginMagicLink', { body: { token: await requestLink(ts, 'magic', email) } });
    await ok(ts, 'logoutAll', { token });
    expect((await call(ts, 'me', { token })).status).toBe(401);
    expect((await call(ts, 'me', { token: second.access_token })).status).toBe(401);
    const fresh = await ok(ts, 'loginMagicLink', { body: { token: await requestLink(ts, 'magic', email) } });
    expect((await call(ts, 'me', { token: fresh.access_token })).status).toBe(200);
  });
});

describe('auth request hygiene', () => {
  it('refuses auth bodies above 16 KiB with 413', async () => {
    const big = await fetch(`${ts.baseUrl}${API_PREFIX}/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', application: 'x'.repeat(17 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('never writes tokens, passwords or links into the log', async () => {
    const server = await startServer();
    try {
      const { token, email } = await signUp(server);
      const secrets = [token];
      await ok(server, 'changePassword', { token, body: { new_password: 'log-hygiene password' } });
      secrets.push('log-hygiene password');
      const login = await ok(server, 'login', { body: { username: email, password: 'log-hygiene password' } });
      secrets.push(login.access_token);
      const link = await requestLink(server, 'magic', email);
      secrets.push(link);
      await ok(server, 'loginMagicLink', { body: { token: link } });
      // A one-time token in a page URL (the web app's /magic-link-login?token=…) is redacted too.
      await fetch(`${server.baseUrl}/magic-link-login?token=${link}`, { headers: { accept: 'text/html' } });
      await call(server, 'me', { token: 'Bearer-garbage-secret-value' });
      secrets.push('Bearer-garbage-secret-value');
      const created = await ok(server, 'createApiToken', { token: login.access_token, body: { name: 'runner' } });
      secrets.push(created.secret);
      await ok(server, 'authMe', { token: created.secret });

      const log = server.logs.join('\n');
      expect(log).toContain('/magic-link-login?token=[REDACTED]');
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
