import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBaseFromLoginUrl, applyAuthServer, configureApiClient, getApiBase } from '../src/config.ts';
import { FIRST_GETS_GLOBAL } from '@mako/contract';
import { forgetStartedGets, startGet } from '../src/call.ts';
import { ResponseSchemaError } from '../src/core/errors.ts';
import { api, endpointUrl, formBody, request } from '../src/request.ts';
import { mockEndpoint } from '../src/mocks/mock-endpoint.ts';
import { handlers } from '../src/mocks/handlers.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { mockJwt } from '../src/mocks/fixtures.ts';
import { recordRequests, server } from './server.ts';

/** The success handlers installed and every request recorded: where most tests here start. */
function answeredAndRecorded() {
  server.use(...handlers.success);
  return recordRequests();
}

describe('API base', () => {
  it.each([
    ['http://host/api/v1/login/access-token', 'http://host/api/v1'],
    ['https://auth.example.com:8443/api/v1/login/access-token/', 'https://auth.example.com:8443/api/v1'],
    ['http://host/login/access-token', 'http://host'],
    ['http://host/api/v1', 'http://host/api/v1'],
  ])('%s → %s', (loginUrl, base) => {
    expect(apiBaseFromLoginUrl(loginUrl)).toBe(base);
  });

  it.each([
    '',
    '   ',
    null,
    undefined,
    'not a url',
    'ftp://host/api/v1/login/access-token',
    '/api/v1/login/access-token',
  ])('rejects %j', (loginUrl) => {
    expect(apiBaseFromLoginUrl(loginUrl)).toBeNull();
  });

  it('defaults to same-origin /api/v1 before settings are known', async () => {
    const log = answeredAndRecorded();
    expect(getApiBase()).toBe('/api/v1');
    await request('getSettings');
    expect(log.requests[0]?.url).toBe('http://localhost:3000/api/v1/settings');
  });

  it('sends every later call to the auth server of the settings, minus /login/access-token', async () => {
    server.use(...handlers.success);
    applyAuthServer({ url: 'http://auth.example.test/api/v1/login/access-token', application_name: 'MakoOptimize' });
    const log = recordRequests();
    await request('mySessions');
    expect(log.requests[0]?.url).toBe('http://auth.example.test/api/v1/tuning/session/mine');
  });

  it('keeps the base when the settings name no usable auth server', () => {
    configureApiClient({ baseUrl: 'http://fixed.test/api/v1/' });
    expect(applyAuthServer({ url: '' }).status).toBe('unavailable');
    expect(getApiBase()).toBe('http://fixed.test/api/v1');
  });
});

describe('request', () => {
  it('sends the stored bearer token on every call, auth-server calls included', async () => {
    server.use(...handlers.success);
    const token = mockJwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 600 });
    localStorage.setItem('access_token', token);
    const log = recordRequests();
    await request('getSettings');
    await request('sendMagicLink', { body: { email: 'ada@example.com', application: 'MakoOptimize' } });
    expect(log.requests.map((r) => r.headers.get('authorization'))).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
  });

  it('sends no Authorization header when the stored token is expired, and removes it', async () => {
    server.use(...handlers.success);
    localStorage.setItem('access_token', mockJwt({ exp: Math.floor(Date.now() / 1000) - 5 }));
    const log = recordRequests();
    await request('getSettings');
    expect(log.requests[0]?.headers.has('authorization')).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('fills and encodes path params', () => {
    expect(endpointUrl('getPendingConfig', { params: { session_id: 'a/b', pending_config_id: 'p 1' } })).toBe(
      'http://localhost:3000/api/v1/tuning/session/a%2Fb/next-configs/p%201',
    );
  });

  it('serialises the query and leaves out empty values', async () => {
    const log = answeredAndRecorded();
    await request('searchBenchmarks', {
      query: {
        model_name: 'Qwen/Qwen3-32B',
        hardware_name: '',
        verified: true,
        limit: 20,
        offset: undefined,
        constraints: 'ttft_ms.p99<=200',
      },
    });
    const url = new URL(log.requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/benchmarks/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      model_name: 'Qwen/Qwen3-32B',
      verified: 'true',
      limit: '20',
      constraints: 'ttft_ms.p99<=200',
    });
  });

  it('sends JSON bodies as JSON', async () => {
    const log = answeredAndRecorded();
    await request('createApiToken', { body: { name: 'runner', expires_in_days: 30 } });
    expect(log.requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(await log.requests[0]?.json()).toEqual({ name: 'runner', expires_in_days: 30 });
  });

  it('sends the password login as a URL-encoded form without empty fields', async () => {
    const log = answeredAndRecorded();
    await request('login', {
      body: {
        username: 'ada@example.com',
        password: 'correct horse',
        scope: '',
        client_id: undefined,
        grant_type: 'password',
      },
    });
    const sent = log.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).pathname).toBe('/api/v1/login/access-token');
    expect(sent.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await sent.text()).toBe('username=ada%40example.com&password=correct+horse&grant_type=password');
  });

  it('formBody omits undefined, null and empty strings only', () => {
    expect(formBody({ a: '', b: undefined, c: null, d: 0, e: false, f: 'x' })).toBe('d=0&e=false&f=x');
  });

  it('sends {} for a body that has defaults when none is given', async () => {
    const log = answeredAndRecorded();
    await request('nextConfigs', { params: { session_id: fx.runningSession.id } });
    expect(await log.requests[0]?.text()).toBe('{}');
  });

  it('returns the parsed response, defaults applied', async () => {
    server.use(mockEndpoint('login', () => HttpResponse.json({ access_token: 'abc' }) as Response));
    await expect(request('login', { body: { username: 'a', password: 'b' } })).resolves.toEqual({
      access_token: 'abc',
      token_type: 'bearer',
    });
  });

  it('passes the abort through instead of calling it a network error', async () => {
    server.use(...handlers.loading);
    const controller = new AbortController();
    const pending = request('getSettings', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses a configured fetch instead of the global one', async () => {
    const seen: string[] = [];
    configureApiClient({
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify(fx.plans), { status: 200 });
      },
    });
    await expect(request('listPlans')).resolves.toEqual(fx.plans);
    expect(seen).toEqual(['http://localhost:3000/api/v1/subscription/plans']);
  });

  it('api.<endpoint> is request(<endpoint>)', async () => {
    server.use(...handlers.success);
    await expect(api.getSession({ params: { session_id: fx.runningSession.id } })).resolves.toEqual(fx.runningSession);
  });

  it('types the options from the contract', () => {
    // Compile-time checks; the calls are never made.
    const never = false as boolean;
    if (never) {
      // @ts-expect-error path params are required
      void request('getSession');
      // @ts-expect-error the body must match the contract
      void request('createApiToken', { body: { nom: 'x' } });
      // @ts-expect-error GET /settings takes no body
      void request('getSettings', { body: {} });
    }
    expect(never).toBe(false);
  });
});

describe('startGet', () => {
  const search = { model_name: 'Llama-3-8B', limit: 20 };
  // An answer no test took would otherwise be the next test's.
  afterEach(() => forgetStartedGets());

  it("sends a call's GET ahead; the call takes that answer instead of asking again", async () => {
    server.use(...handlers.success);
    const token = mockJwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 600 });
    localStorage.setItem('access_token', token);
    const log = recordRequests();
    startGet('/benchmarks/all', search);
    await vi.waitFor(() => expect(log.calls).toHaveLength(1));
    const page = await request('searchBenchmarks', { query: search });
    expect(page.count).toBeTypeOf('number');
    expect(log.calls).toEqual(['GET /api/v1/benchmarks/all?model_name=Llama-3-8B&limit=20']);
    expect(log.requests[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    // Taken once: the next call asks the server again.
    await request('searchBenchmarks', { query: search });
    expect(log.calls).toHaveLength(2);
  });

  it('leaves the answer to calls of the same URL only', async () => {
    const log = answeredAndRecorded();
    startGet('/benchmarks/all', search);
    await request('searchBenchmarks', { query: { ...search, limit: 50 } });
    expect(log.calls).toContain('GET /api/v1/benchmarks/all?model_name=Llama-3-8B&limit=50');
    expect(log.calls).toHaveLength(2);
  });

  it('is not taken by a call with another token: the identity changed in between', async () => {
    const log = answeredAndRecorded();
    startGet('/benchmarks/all', search);
    const other = mockJwt({ sub: 'other', exp: Math.floor(Date.now() / 1000) + 600 });
    localStorage.setItem('access_token', other);
    await request('searchBenchmarks', { query: search });
    expect(log.calls).toHaveLength(2);
    expect(log.requests[1]?.headers.get('authorization')).toBe(`Bearer ${other}`);
  });

  it('is forgotten at sign-out: the next call asks the server again', async () => {
    const log = answeredAndRecorded();
    startGet('/benchmarks/all', search);
    forgetStartedGets();
    await request('searchBenchmarks', { query: search });
    expect(log.calls).toHaveLength(2);
  });

  it('cancels the body of an answer nobody will take, so that its connection is free again', async () => {
    const cancelled: string[] = [];
    const streamedFetch = (input: RequestInfo | URL) => {
      const url = String(input);
      const body = new ReadableStream({ cancel: () => void cancelled.push(new URL(url).search) });
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
    };
    configureApiClient({ fetch: streamedFetch as typeof fetch });
    startGet('/benchmarks/all', { model_name: 'a' });
    forgetStartedGets();
    startGet('/benchmarks/all', { model_name: 'b' });
    // Taken with another token: dropped, and the call fetches its own (which is never read here).
    localStorage.setItem('access_token', mockJwt({ sub: 'other', exp: Math.floor(Date.now() / 1000) + 600 }));
    void request('searchBenchmarks', { query: { model_name: 'b' } }).catch(() => undefined);
    await vi.waitFor(() => expect(cancelled).toEqual(['?model_name=a', '?model_name=b']));
  });

  describe("the page's first GETs (PAGE_FIRST_GETS)", () => {
    const holder = globalThis as Record<string, unknown>;
    const searchUrl = () => new URL('/api/v1/benchmarks/all', location.href).href;
    const signIn = (sub = 'u') => {
      const token = mockJwt({ sub, exp: Math.floor(Date.now() / 1000) + 600 });
      localStorage.setItem('access_token', token);
      return token;
    };
    /** What the server's page script leaves behind: the GET sent with the stored token. */
    const sendAsThePage = (token: string) => {
      const response = fetch(searchUrl(), {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      holder[FIRST_GETS_GLOBAL] = { [searchUrl()]: { response, token, at: Date.now() } };
    };
    afterEach(() => {
      delete holder[FIRST_GETS_GLOBAL];
    });

    it('are taken by the call of the same URL and token, once', async () => {
      const log = answeredAndRecorded();
      sendAsThePage(signIn());
      const page = await request('searchBenchmarks', { query: {} });
      expect(page.count).toBeTypeOf('number');
      expect(log.calls).toEqual(['GET /api/v1/benchmarks/all']);
      expect(holder[FIRST_GETS_GLOBAL]).toBeUndefined();
      await request('searchBenchmarks', { query: {} });
      expect(log.calls).toHaveLength(2);
    });

    it('are not sent again by startGet', async () => {
      const log = answeredAndRecorded();
      sendAsThePage(signIn());
      startGet('/benchmarks/all', {});
      await request('searchBenchmarks', { query: {} });
      expect(log.calls).toEqual(['GET /api/v1/benchmarks/all']);
    });

    it('are not taken with another token', async () => {
      const log = answeredAndRecorded();
      sendAsThePage(signIn());
      const other = signIn('other');
      await request('searchBenchmarks', { query: {} });
      expect(log.calls).toHaveLength(2);
      expect(log.requests[1]?.headers.get('authorization')).toBe(`Bearer ${other}`);
    });

    it('are ignored when the global holds anything else', async () => {
      const log = answeredAndRecorded();
      signIn();
      holder[FIRST_GETS_GLOBAL] = { [searchUrl()]: { response: 'not a promise', token: null, at: 0 }, other: null };
      await request('searchBenchmarks', { query: {} });
      expect(log.calls).toEqual(['GET /api/v1/benchmarks/all']);
      expect(holder[FIRST_GETS_GLOBAL]).toBeUndefined();
    });
  });

  it("checks the answer with the call's schema, as a call of its own would", async () => {
    server.use(mockEndpoint('searchBenchmarks', () => HttpResponse.json({ data: [{ id: 7 }], count: 1 }) as Response));
    startGet('/benchmarks/all', search);
    await expect(request('searchBenchmarks', { query: search })).rejects.toBeInstanceOf(ResponseSchemaError);
  });
});
