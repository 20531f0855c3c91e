import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { call, detailOf, ok, signUp, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const CLIENT_ID = 'mako-test-client.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let signing: KeyPair;
let stranger: KeyPair;
let jwksServer: http.Server;
let ts: TestServer;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function idToken(claims: JWTPayload, options: { key?: KeyPair; kid?: string; expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key-1', typ: 'JWT' })
    .setIssuer((claims.iss as string | undefined) ?? ISSUER)
    .setAudience((claims.aud as string | undefined) ?? CLIENT_ID)
    .setSubject(claims.sub ?? 'google-sub')
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign((options.key ?? signing).privateKey);
}

beforeAll(async () => {
  signing = await generateKeyPair('RS256', { extractable: true });
  stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  jwksServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  ts = await startServer({ google: { clientId: CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs` } });
});

afterAll(async () => {
  await ts.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

describe('Google sign-in', () => {
  it('creates an account keyed by sub and signs the same account in later, even after an e-mail change', async () => {
    const email = uniqueEmail('google');
    const first = await ok(ts, 'loginGoogle', {
      body: { id_token: await idToken({ sub: 'sub-new-1', email, name: 'Grace Hopper' }) },
    });
    const me = await ok(ts, 'me', { token: first.access_token });
    expect(me).toMatchObject({ email, full_name: 'Grace Hopper' });
    const again = await ok(ts, 'loginGoogle', {
      body: { id_token: await idToken({ sub: 'sub-new-1', email: uniqueEmail('renamed'), email_verified: false }) },
    });
    expect((await ok(ts, 'me', { token: again.access_token })).id).toBe(me.id);
  });

  it('links an existing account by e-mail only when Google has verified the address', async () => {
    const { user, email } = await signUp(ts);
    const unverified = await call(ts, 'loginGoogle', {
      body: { id_token: await idToken({ sub: 'sub-link-1', email, email_verified: false }) },
    });
    expect(unverified.status).toBe(400);
    expect(detailOf(unverified.body)).toMatch(/not verified/);
    const row = await ts.server.ctx.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();

    const verified = await ok(ts, 'loginGoogle', {
      body: { id_token: await idToken({ sub: 'sub-link-1', email: email.toUpperCase() }) },
    });
    expect((await ok(ts, 'me', { token: verified.access_token })).id).toBe(user.id);
  });

  it('creates no account for an unverified address', async () => {
    const email = uniqueEmail('unverified');
    const answer = await call(ts, 'loginGoogle', {
      body: { id_token: await idToken({ sub: 'sub-unverified', email, email_verified: false }) },
    });
    expect(answer.status).toBe(400);
    expect(
      await ts.server.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  describe('refuses forged and foreign tokens', () => {
    const fixtures: [string, () => Promise<string>][] = [
      [
        'wrong audience',
        () => idToken({ sub: 'neg-1', email: uniqueEmail(), aud: 'someone-else.apps.googleusercontent.com' }),
      ],
      ['wrong issuer', () => idToken({ sub: 'neg-2', email: uniqueEmail(), iss: 'https://evil.example.com' })],
      ['expired', () => idToken({ sub: 'neg-3', email: uniqueEmail() }, { expiresIn: -120 })],
      [
        'unknown key id',
        () => idToken({ sub: 'neg-4', email: uniqueEmail() }, { key: stranger, kid: 'not-published' }),
      ],
      ['right kid, wrong key', () => idToken({ sub: 'neg-5', email: uniqueEmail() }, { key: stranger })],
      [
        'alg none',
        async () => {
          const now = Math.floor(Date.now() / 1000);
          const payload = {
            iss: ISSUER,
            aud: CLIENT_ID,
            sub: 'neg-6',
            email: uniqueEmail(),
            email_verified: true,
            iat: now,
            exp: now + 600,
          };
          return `${b64({ alg: 'none', typ: 'JWT', kid: 'test-key-1' })}.${b64(payload)}.`;
        },
      ],
      [
        'HS256 signed with the RSA public key',
        async () => {
          const pem = await exportSPKI(signing.publicKey);
          const now = Math.floor(Date.now() / 1000);
          return new SignJWT({ email: uniqueEmail(), email_verified: true })
            .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
            .setIssuer(ISSUER)
            .setAudience(CLIENT_ID)
            .setSubject('neg-7')
            .setIssuedAt(now)
            .setExpirationTime(now + 600)
            .sign(new TextEncoder().encode(pem));
        },
      ],
      [
        'tampered payload',
        async () => {
          const genuine = await idToken({ sub: 'neg-8', email: uniqueEmail() });
          const [header, payload, signature] = genuine.split('.') as [string, string, string];
          const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
          return `${header}.${b64({ ...claims, sub: 'victim-sub', email: 'victim@example.com' })}.${signature}`;
        },
      ],
    ];
    it.each(fixtures)('%s', async (_label, make) => {
      const before = await ts.server.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const answer = await call(ts, 'loginGoogle', { body: { id_token: await make() } });
      expect(answer.status).toBe(400);
      expect(detailOf(answer.body)).toBe('Invalid Google ID token');
      const after = await ts.server.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  it('says so when Google sign-in is not configured', async () => {
    const server = await startServer();
    try {
      const answer = await call(server, 'loginGoogle', {
        body: { id_token: await idToken({ sub: 'x', email: uniqueEmail() }) },
      });
      expect(answer.status).toBe(400);
      expect(detailOf(answer.body)).toBe('Google sign-in is not configured');
      expect((await ok(server, 'getSettings')).google_client_id).toBeNull();
    } finally {
      await server.close();
    }
  });
});
