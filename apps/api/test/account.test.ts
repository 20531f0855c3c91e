import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, API_TOKEN_PREFIX, REGISTRY_TOKEN_PREFIX } from '@mako/contract';
import { hasValidChecksum, sha256 } from '../src/auth/secrets.ts';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice, bob } = started));

describe('API tokens', () => {
  it('shows the secret once, in prefix + checksum form, and stores only its SHA-256', async () => {
    const created = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'gpu-box-1' } });
    expect(created.secret).toMatch(/^mako_[0-9A-Za-z]{38}$/);
    expect(hasValidChecksum(API_TOKEN_PREFIX, created.secret)).toBe(true);
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    expect(created.token).toMatchObject({ name: 'gpu-box-1', last_used_at: null, revoked_at: null });
    expect(Date.parse(created.token.expires_at!) - Date.parse(created.token.created_at)).toBe(90 * 86_400_000);

    const rows = await ts.server.ctx.db
      .selectFrom('access_keys')
      .selectAll()
      .where('id', '=', created.token.id)
      .execute();
    expect(rows[0]!.token_hash).toBe(sha256(created.secret));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    const listed = await ok(ts, 'listApiTokens', { token: alice.token });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.data.map((t) => t.id)).toContain(created.token.id);
    expect((await ok(ts, 'listApiTokens', { token: bob.token })).count).toBe(0);
  });

  it('is accepted as a bearer token, records its last use, and stops working once revoked', async () => {
    const { secret, token } = await ok(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'runner', expires_in_days: 366 },
    });
    expect(Date.parse(token.expires_at!) - Date.parse(token.created_at)).toBe(366 * 86_400_000);
    const me = await ok(ts, 'authMe', { token: secret, query: { name: 'rack-7' } });
    expect(me).toMatchObject({
      via: 'api_token',
      token_name: 'runner',
      runner_name: 'rack-7',
      user: { id: alice.user.id },
    });
    expect((await ok(ts, 'me', { token: secret })).id).toBe(alice.user.id);
    const session = await ok(ts, 'authMe', { token: alice.token });
    expect(session).toMatchObject({ via: 'session', token_name: null, runner_name: null });

    const used = (await ok(ts, 'listApiTokens', { token: alice.token })).data.find((t) => t.id === token.id)!;
    expect(Date.now() - Date.parse(used.last_used_at!)).toBeLessThan(60_000);

    expect((await call(ts, 'revokeApiToken', { token: bob.token, params: { token_id: token.id } })).status).toBe(404);
    expect((await ok(ts, 'revokeApiToken', { token: alice.token, params: { token_id: token.id } })).message).toBe(
      'Token revoked',
    );
    expect((await call(ts, 'authMe', { token: secret })).status).toBe(401);
    const revoked = (await ok(ts, 'listApiTokens', { token: alice.token })).data.find((t) => t.id === token.id)!;
    expect(revoked.revoked_at).not.toBeNull();
  });

  it('refuses mistyped tokens and registry tokens as bearer', async () => {
    const { secret } = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'typo' } });
    const typo = `${secret.slice(0, 10)}${secret[10] === 'a' ? 'b' : 'a'}${secret.slice(11)}`;
    expect(hasValidChecksum(API_TOKEN_PREFIX, typo)).toBe(false);
    expect((await call(ts, 'authMe', { token: typo })).status).toBe(401);
    const registry = await ok(ts, 'createRegistryToken', { token: alice.token, body: { name: 'pull' } });
    expect((await call(ts, 'authMe', { token: registry.secret })).status).toBe(401);
    const invalid = await call(ts, 'createApiToken', { token: alice.token, body: { name: '  ' } });
    expect(detailOf(invalid.body)).toEqual([
      expect.objectContaining({ loc: ['body', 'name'], msg: 'Name is required' }),
    ]);
  });

  it('refuses tokens past their expiry', async () => {
    const server = await startServer();
    try {
      const user = await signUp(server);
      const { secret } = await ok(server, 'createApiToken', {
        token: user.token,
        body: { name: 'short', expires_in_days: 1 },
      });
      expect((await call(server, 'authMe', { token: secret })).status).toBe(200);
      server.advance(86_400_000 + 1000);
      expect((await call(server, 'authMe', { token: secret })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('container-registry tokens', () => {
  it('creates pull credentials shown once, lists and revokes them', async () => {
    const created = await ok(ts, 'createRegistryToken', {
      token: bob.token,
      body: { name: 'k8s pull', scope: 'pull-push' },
    });
    expect(created.secret.startsWith(REGISTRY_TOKEN_PREFIX)).toBe(true);
    expect(hasValidChecksum(REGISTRY_TOKEN_PREFIX, created.secret)).toBe(true);
    expect(created.token).toMatchObject({ name: 'k8s pull', scope: 'pull-push', registry: 'registry.127.0.0.1' });
    expect(created.token.username).toMatch(/^mako-[0-9a-f]{12}$/);
    const list = await ok(ts, 'listRegistryTokens', { token: bob.token });
    expect(list.data.map((t) => t.id)).toEqual([created.token.id]);
    expect((await ok(ts, 'listApiTokens', { token: bob.token })).data.map((t) => t.id)).not.toContain(created.token.id);
    expect(
      (await call(ts, 'revokeRegistryToken', { token: alice.token, params: { token_id: created.token.id } })).status,
    ).toBe(404);
    await ok(ts, 'revokeRegistryToken', { token: bob.token, params: { token_id: created.token.id } });
    expect((await ok(ts, 'listRegistryTokens', { token: bob.token })).data[0]!.revoked_at).not.toBeNull();
  });
});

describe('serve requests', () => {
  it('turns the best known setup into a launch command, or says there is no data', async () => {
    const model = 'org/serve-model';
    await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({
        setting: setting({ ml_model_name: model, hardware_config: { name: 'H200', count: 2 } }),
        runtime_options: { tensor_parallel_size: 2, max_num_seqs: 512 },
        metrics: metrics(7000),
        published: true,
      }),
    });
    await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({
        setting: setting({ ml_model_name: model, hardware_config: { name: 'H200', count: 2 } }),
        runtime_options: { tensor_parallel_size: 2 },
        metrics: metrics(5000),
        published: true,
      }),
    });
    const ready = await ok(ts, 'createServeRequest', {
      token: bob.token,
      body: { ml_model_name: model, hardware_config: { name: 'H200', count: 2 }, objective: 'output_throughput' },
    });
    expect(ready).toMatchObject({
      status: 'ready',
      objective_value: 7000,
      runtime_options: { tensor_parallel_size: 2, max_num_seqs: 512 },
    });
    expect(ready.launch_command).toBe(`vllm serve ${model} --tensor-parallel-size 2 --max-num-seqs 512`);

    const none = await ok(ts, 'createServeRequest', {
      token: bob.token,
      body: {
        ml_model_name: model,
        hardware_config: { name: 'H200', count: 8 },
        objective: 'output_throughput',
        runtime: 'sglang',
      },
    });
    expect(none).toMatchObject({ status: 'no_data', launch_command: null, benchmark_id: null, runtime: 'sglang' });

    const list = await ok(ts, 'listServeRequests', { token: bob.token });
    expect(list.data.map((r) => r.id)).toEqual([none.id, ready.id]);
    expect((await call(ts, 'getServeRequest', { token: alice.token, params: { request_id: ready.id } })).status).toBe(
      404,
    );
    expect((await ok(ts, 'getServeRequest', { token: bob.token, params: { request_id: ready.id } })).id).toBe(ready.id);
    expect(
      (await call(ts, 'deleteServeRequest', { token: alice.token, params: { request_id: ready.id } })).status,
    ).toBe(404);
    await ok(ts, 'deleteServeRequest', { token: bob.token, params: { request_id: ready.id } });
    expect((await call(ts, 'getServeRequest', { token: bob.token, params: { request_id: ready.id } })).status).toBe(
      404,
    );
  });
});

describe('subscription', () => {
  it('lists free, pro and enterprise with whole-dollar prices and limits', async () => {
    const plans = await ok(ts, 'listPlans');
    expect(plans.map((p) => p.id)).toEqual(['free', 'pro', 'enterprise']);
    for (const p of plans) expect(Number.isInteger(p.price_usd_month)).toBe(true);
    expect(plans[0]!.limits.active_tuning_sessions).toBeGreaterThanOrEqual(2);
    const sub = await ok(ts, 'getSubscription', { token: alice.token });
    expect(sub).toMatchObject({ plan: { id: 'free' }, status: 'active', current_period_end: null });
  });

  it('runs the local test-mode checkout: page, Pay, success page, confirm activates the plan', async () => {
    const user = await signUp(ts);
    expect((await call(ts, 'createCheckout', { token: user.token, body: { plan_id: 'free' } })).status).toBe(400);
    const checkout = await ok(ts, 'createCheckout', { token: user.token, body: { plan_id: 'pro' } });
    expect(checkout.mode).toBe('test');
    expect(checkout.checkout_url).toBe(`${ts.config.publicUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}`);

    const pageUrl = `${ts.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}`;
    const html = await (await fetch(pageUrl)).text();
    expect(html).toContain('Test mode');
    expect(html).toContain('$49 / month');
    expect(html).toMatch(/<button class="pay"[^>]*>Pay<\/button>/);

    const early = await call(ts, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } });
    expect(detailOf(early.body)).toBe('The payment has not been completed');

    const paid = await fetch(`${pageUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${ts.config.publicUrl}/subscription/success?session_id=${checkout.id}`);
    expect((await fetch(`${pageUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);

    expect((await call(ts, 'confirmCheckout', { token: bob.token, body: { session_id: checkout.id } })).status).toBe(
      404,
    );
    const sub = await ok(ts, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } });
    expect(sub).toMatchObject({ plan: { id: 'pro' }, status: 'active' });
    expect(Date.parse(sub.current_period_end!)).toBeGreaterThan(Date.now());
    expect((await ok(ts, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } })).plan.id).toBe(
      'pro',
    );
    expect((await ok(ts, 'getSubscription', { token: user.token })).plan.id).toBe('pro');

    // The pro plan lifts the free plan's limit of three active sessions.
    for (let i = 0; i < 4; i++) await ok(ts, 'createSession', { token: user.token, body: session() });
    expect((await call(ts, 'createCheckout', { token: user.token, body: { plan_id: 'pro' } })).status).toBe(400);
  });

  it('leads Cancel to the cancel page and never activates the plan', async () => {
    const user = await signUp(ts);
    const checkout = await ok(ts, 'createCheckout', { token: user.token, body: { plan_id: 'enterprise' } });
    const cancel = await fetch(`${ts.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.headers.get('location')).toBe(`${ts.config.publicUrl}/subscription/cancel`);
    const confirm = await call(ts, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } });
    expect([confirm.status, detailOf(confirm.body)]).toEqual([400, 'This checkout was cancelled']);
    expect((await ok(ts, 'getSubscription', { token: user.token })).plan.id).toBe('free');
    expect((await fetch(`${ts.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}`)).status).toBe(404);
  });

  it('uses Stripe Checkout when a secret key is configured', async () => {
    const sessions = new Map<string, Record<string, string>>();
    const stripe = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.headers.authorization !== 'Bearer sk_test_123') {
          res.writeHead(401).end('{}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
          const form = Object.fromEntries(new URLSearchParams(body));
          const id = `cs_test_${sessions.size + 1}`;
          sessions.set(id, form);
          res.end(
            JSON.stringify({
              id,
              url: `https://checkout.stripe.com/c/pay/${id}`,
              status: 'open',
              payment_status: 'unpaid',
              client_reference_id: form.client_reference_id,
            }),
          );
          return;
        }
        const id = decodeURIComponent(req.url!.split('/').pop()!);
        const form = sessions.get(id)!;
        res.end(
          JSON.stringify({
            id,
            url: null,
            status: 'complete',
            payment_status: form.paid ? 'paid' : 'unpaid',
            client_reference_id: form.client_reference_id,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const server = await startServer({
      stripe: { secretKey: 'sk_test_123', apiUrl: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}` },
    });
    try {
      const user = await signUp(server);
      const checkout = await ok(server, 'createCheckout', { token: user.token, body: { plan_id: 'pro' } });
      expect(checkout).toMatchObject({ mode: 'stripe', checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      const sent = sessions.get('cs_test_1')!;
      expect(sent).toMatchObject({
        mode: 'subscription',
        client_reference_id: user.user.id,
        'line_items[0][price_data][unit_amount]': '4900',
        success_url: `${server.config.publicUrl}/subscription/success?session_id=${checkout.id}`,
      });
      expect(
        (await call(server, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } })).status,
      ).toBe(400);
      sent.paid = 'yes';
      expect(
        (await ok(server, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } })).plan.id,
      ).toBe('pro');
      expect((await fetch(`${server.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}`)).status).toBe(
        404,
      );
    } finally {
      await server.close();
      await new Promise((resolve) => stripe.close(resolve));
    }
  });
});

describe('survey', () => {
  it('stores answers from signed-in and anonymous visitors and validates them', async () => {
    const body = {
      role: 'ml-engineer',
      serving_engines: ['vllm', 'sglang'],
      gpus_in_production: '9-64',
      biggest_pain: 'Tail latency under bursts',
    } as const;
    const anonymous = await ok(ts, 'submitSurvey', { body });
    const signedIn = await ok(ts, 'submitSurvey', {
      token: alice.token,
      body: { ...body, wants_demo: true, email: alice.email },
    });
    const rows = await ts.server.ctx.db
      .selectFrom('survey_responses')
      .selectAll()
      .where('id', 'in', [anonymous.id, signedIn.id])
      .execute();
    expect(rows.find((r) => r.id === anonymous.id)!.user_id).toBeNull();
    expect(rows.find((r) => r.id === signedIn.id)).toMatchObject({
      user_id: alice.user.id,
      wants_demo: 1,
      biggest_pain: 'Tail latency under bursts',
    });
    const bad = await call(ts, 'submitSurvey', { body: { ...body, role: 'astronaut', biggest_pain: ' ' } });
    expect(bad.status).toBe(422);
    expect((detailOf(bad.body) as { msg: string }[]).map((d) => d.msg)).toEqual([
      'Please choose your role',
      'Please tell us your biggest pain',
    ]);
  });
});
