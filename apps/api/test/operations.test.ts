import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_PREFIX, buildOpenApi, buildPath, endpoints, type EndpointDef } from '@mako/contract';
import { migrations as migrationList } from '../src/db/migrations/index.ts';
import { benchmark } from './fixtures.ts';
import { PG_URL, buildDir, call, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = buildDir('mako-web-', {
    'index.html': '<!doctype html><title>MakoOptimize</title><div id="root"></div>',
    'assets/app-1a2b3c.js': 'console.log("app")',
  });
  ts = await startServer({ webDist });
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the contract is served in full', () => {
  it('has a route for every endpoint of the table', async () => {
    const missing: string[] = [];
    for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
      const params = Object.fromEntries([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'x']));
      const url = `${API_PREFIX}${buildPath(def.path, params)}`;
      if (!ts.server.app.hasRoute({ method: def.method, url: `${API_PREFIX}${def.path.replace(/\{(\w+)\}/g, ':$1')}` }))
        missing.push(name);
      // Over HTTP too: an unrouted call would reach the generic 'Not Found' handler.
      const response = await fetch(`${ts.baseUrl}${url}`, {
        method: def.method,
        headers: { accept: 'application/json' },
      });
      const body = (await response.json()) as { detail?: unknown };
      if (response.status === 404 && body.detail === 'Not Found') missing.push(`${name} (HTTP)`);
    }
    expect(missing).toEqual([]);
  });

  it('demands a bearer token wherever the table says so', async () => {
    const open: string[] = [];
    for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
      if (def.auth !== 'bearer') continue;
      const params = Object.fromEntries([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'x']));
      const response = await fetch(`${ts.baseUrl}${API_PREFIX}${buildPath(def.path, params)}`, {
        method: def.method,
        headers: { 'content-type': 'application/json' },
        ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const body = (await response.json()) as { detail?: unknown };
      if (
        response.status !== 401 ||
        body.detail !== 'Not authenticated' ||
        response.headers.get('www-authenticate') !== 'Bearer'
      )
        open.push(name);
    }
    expect(open).toEqual([]);
    // Calls without auth ignore a stale token instead of failing on it.
    expect((await call(ts, 'getSettings', { token: 'stale-token' })).status).toBe(200);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await fetch(`${ts.baseUrl}${API_PREFIX}/openapi.json`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, unknown>>;
      servers: { url: string }[];
    };
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi(ts.config.publicUrl))));
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(Object.keys(endpoints).length);
    expect(doc.servers[0]!.url).toBe(`${ts.config.publicUrl}${API_PREFIX}`);
  });

  it.skipIf(PG_URL)('keeps SQLite in WAL mode, migrated on start', async () => {
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(ts.server.ctx.db);
    expect(rows[0]!.journal_mode).toBe('wal');
    const { rows: migrations } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      ts.server.ctx.db,
    );
    expect(migrations.map((m) => m.name)).toEqual(Object.keys(migrationList));
  });

  it('reports health', async () => {
    expect(await ok(ts, 'health')).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) });
  });

  it('publishes the auth server under the API prefix', async () => {
    const server = await ok(ts, 'getAuthServer');
    expect(server).toEqual({
      url: `${ts.config.publicUrl}/api/v1/login/access-token`,
      application_name: 'MakoOptimize',
    });
    expect((await ok(ts, 'getSettings')).auth_server).toEqual(server);
  });
});

describe('errors', () => {
  it('answers unknown API paths and methods with a JSON 404', async () => {
    const response = await fetch(`${ts.baseUrl}${API_PREFIX}/no-such-thing`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
  });

  it('refuses bodies above 1 MiB with 413 and unknown media types with 415', async () => {
    const { token } = await signUp(ts);
    const huge = JSON.stringify({ ...benchmark(), notes: 'x'.repeat(1024 * 1024) });
    const tooLarge = await fetch(`${ts.baseUrl}${API_PREFIX}/benchmarks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: huge,
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ detail: 'Request body is too large' });
    // Just under the limit the body is read and validated (notes are capped at 4000 characters).
    const big = await call(ts, 'createBenchmark', { token, body: { ...benchmark(), notes: 'x'.repeat(1000 * 1000) } });
    expect(big.status).toBe(422);
    const xml = await fetch(`${ts.baseUrl}${API_PREFIX}/benchmarks`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
  });

  it('answers an unexpected failure with a generic 500 and keeps the details in the log', async () => {
    const server = await startServer();
    try {
      await server.server.ctx.db.schema.dropTable('survey_responses').execute();
      const answer = await call(server, 'submitSurvey', {
        body: { role: 'other', serving_engines: [], gpus_in_production: 'none', biggest_pain: 'x' },
      });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ detail: 'Internal Server Error' });
      expect(server.logs.some((line) => line.includes('survey_responses') && line.includes('"stack"'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('says 503 on the health endpoint when the database is gone', async () => {
    const server = await startServer();
    try {
      await server.server.ctx.db.destroy();
      const answer = await call(server, 'health');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: 'Database unavailable' });
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe('security headers', () => {
  it("sends them on API answers and pages: the app's policy on pages, the strictest on the rest", async () => {
    const page = await fetch(`${ts.baseUrl}/`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const api = await fetch(`${ts.baseUrl}${API_PREFIX}/settings`, { headers: { accept: 'text/html' } });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const response of [page, api]) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect((await fetch(`${ts.baseUrl}${API_PREFIX}/settings`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the web app', () => {
  it('serves the build, with index.html for client-side routes', async () => {
    for (const route of ['/', '/tuning-sessions/abc', '/verify-email?token=xyz']) {
      const response = await fetch(`${ts.baseUrl}${route}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
    const asset = await fetch(`${ts.baseUrl}/assets/app-1a2b3c.js`);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missingAsset = await fetch(`${ts.baseUrl}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
  });

  it('is absent, not broken, when there is no build', async () => {
    const server = await startServer({ webDist: path.join(os.tmpdir(), 'mako-no-such-dist') });
    try {
      const response = await fetch(`${server.baseUrl}/tuning-sessions`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect((await ok(server, 'health')).status).toBe('ok');
    } finally {
      await server.close();
    }
  });
});

describe('development mail', () => {
  it('writes each message as an .eml file to the outbox and logs the link', async () => {
    const server = await startServer({ smtpUrl: null });
    try {
      await ok(server, 'sendMagicLink', { body: { email: 'outbox@example.com', application: 'MakoOptimize' } });
      await server.server.ctx.tasks.drain();
      const outbox = path.join(server.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8').replace(/=\r?\n/g, '');
      const token = /magic-link-login\?token=3D([A-Za-z0-9]+)|magic-link-login\?token=([A-Za-z0-9]+)/.exec(eml);
      const secret = token?.[1] ?? token?.[2];
      expect(secret).toBeDefined();
      expect(eml).toContain('To: outbox@example.com');
      expect(server.logs.some((line) => line.includes(`magic-link-login?token=${secret}`))).toBe(true);
      expect((await call(server, 'loginMagicLink', { body: { token: secret! } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('site settings', () => {
  it('come from the environment', async () => {
    const env = {
      POSTHOG_KEY: 'phc_test',
      POSTHOG_HOST: 'https://eu.posthog.example',
      FEEDBACK_SURVEY_ID: 'fb-1',
      WAITLIST_SURVEY_ID: 'wl-1',
      SIGNUP_SURVEY_ID: 'su-1',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      TERMS_URL: 'https://mako.example/terms',
      PRIVACY_URL: 'https://mako.example/privacy',
      CONTACT_URL: 'mailto:hello@mako.example',
      EULA_URL: 'https://mako.example/eula',
      PAYMENT_HOST: 'https://pay.mako.example',
      DOCS_URL: 'https://docs.mako.example',
      PUBLIC_URL: 'https://app.mako.example',
      APPLICATION_NAME: 'Mako Test',
    };
    const server = await startServer({}, { env });
    try {
      expect(await ok(server, 'getSettings')).toEqual({
        posthog_key: 'phc_test',
        posthog_host: 'https://eu.posthog.example',
        feedback_survey_id: 'fb-1',
        waitlist_survey_id: 'wl-1',
        signup_survey_id: 'su-1',
        google_client_id: 'client.apps.googleusercontent.com',
        page_urls: {
          terms_of_service: 'https://mako.example/terms',
          privacy_policy: 'https://mako.example/privacy',
          contact_us: 'mailto:hello@mako.example',
          eula: 'https://mako.example/eula',
        },
        auth_server: { url: 'https://app.mako.example/api/v1/login/access-token', application_name: 'Mako Test' },
        payment_host: 'https://pay.mako.example',
        docs_url: 'https://docs.mako.example',
      });
    } finally {
      await server.close();
    }
  });
});
