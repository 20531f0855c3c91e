import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

export const API = '/api/v1';
export const APPLICATION = 'MakoOptimize';
export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** An address no other test uses, so that mails and accounts never mix. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

function outboxDir(): string {
  const dir = process.env.MAKO_E2E_DATA_DIR;
  if (!dir) throw new Error('MAKO_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(dir, 'outbox');
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (links contain '=' and get wrapped). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

type LinkPage = 'verify-email' | 'magic-link-login';

/**
 * The newest one-time link of this kind mailed to the address, read from the development outbox
 * (DATA_DIR/outbox/*.eml). Mail is written in the background, so this waits for it.
 */
export async function linkFromOutbox(email: string, page: LinkPage, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9%._~-]+`);
  for (;;) {
    const names = await fs.readdir(outboxDir()).catch(() => [] as string[]);
    const links: string[] = [];
    for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
      const raw = await fs.readFile(path.join(outboxDir(), name), 'utf8');
      const headerEnd = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, headerEnd);
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers)) continue;
      const match = decodeQuotedPrintable(raw).match(pattern);
      if (match) links.push(match[0]);
    }
    const newest = links.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No ${page} link for ${email} in ${outboxDir()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of a mailed link, so the test opens it on the server under test. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The header that makes an API request on behalf of the holder of `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A model name no other run has used (`e2e-org/<label>-<time>`), so a test sees only its own benchmarks. */
export const uniqueModel = (label: string) => `e2e-org/${label}-${Date.now().toString(36)}`;

/** Creates an account the way the sign-up form does, through the API; returns its access token. */
export async function registerThroughApi(request: APIRequestContext, email: string): Promise<string> {
  const sent = await request.post(`${API}/users/register/email-verification-token`, {
    data: { email, application: APPLICATION },
  });
  expect(sent.ok()).toBe(true);
  const link = await linkFromOutbox(email, 'verify-email');
  const token = new URL(link).searchParams.get('token');
  const registered = await request.post(`${API}/users/register`, { data: { email_verification_token: token } });
  expect(registered.ok()).toBe(true);
  const body = (await registered.json()) as { token: { access_token: string } };
  return body.token.access_token;
}

/** An account with a password (set through POST /users/me/password); returns its current access token. */
export async function userWithPassword(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const first = await registerThroughApi(request, email);
  const changed = await request.post(`${API}/users/me/password`, {
    data: { new_password: password },
    headers: bearer(first),
  });
  expect(changed.ok()).toBe(true);
  return ((await changed.json()) as { access_token: string }).access_token;
}

/** Puts an access token where the app keeps it, as a finished login would. */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/404-blank-for-storage');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
}

/** A new account (its address made unique from `label`); returns its access token. */
export function newAccount(request: APIRequestContext, label: string): Promise<string> {
  return registerThroughApi(request, uniqueEmail(label));
}

/** A new account and a model of its own, both named from `label`, for a test that posts benchmarks. */
export async function newAccountWithModel(
  request: APIRequestContext,
  label: string,
): Promise<{ token: string; model: string }> {
  return { token: await newAccount(request, label), model: uniqueModel(label) };
}

/** A new account signed in in `page`, as after its login; returns its access token. */
export async function signedInAccount(page: Page, request: APIRequestContext, label: string): Promise<string> {
  const token = await newAccount(request, label);
  await storeToken(page, token);
  return token;
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

/** Logs in through the home page's password form. */
export async function logInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('tab', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log in with your password' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** A JWT with only an exp claim; the app reads exp without checking the signature. */
export function unsignedJwt(expSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'someone', exp: expSeconds })}.c2lnbmF0dXJl`;
}

const latency = (p50: number) => ({ mean: p50, p50, p90: p50 * 1.3, p95: p50 * 1.5, p99: p50 * 2 });

/** 1000 requests over 100 s at `outputThroughput` tok/s and `tpotP50` ms per token, as a runner reports them. */
export function benchmarkMetrics(outputThroughput: number, ttftP50: number, tpotP50 = 15) {
  const duration = 100;
  return {
    completed: 1000,
    failed: 0,
    duration_s: duration,
    total_input_tokens: 1_024_000,
    total_output_tokens: outputThroughput * duration,
    request_throughput: 10,
    input_throughput: 10_240,
    output_throughput: outputThroughput,
    total_token_throughput: 10_240 + outputThroughput,
    ttft_ms: latency(ttftP50),
    tpot_ms: latency(tpotP50),
    itl_ms: latency(tpotP50),
    e2el_ms: latency(ttftP50 + tpotP50 * 256),
    goodput: null,
  };
}

/** The setting of every benchmark the tests post: `model` on 1x H100 with vLLM, 1000 random requests at 10 req/s. */
export const benchmarkSetting = (model: string) => ({
  ml_model_name: model,
  hardware_config: { name: 'H100', count: 1 },
  software: { runtime: 'vllm', version: '0.11.0' },
  workload: {
    dataset: 'random',
    num_requests: 1000,
    request_rate: 10,
    burstiness: 1,
    max_concurrency: null,
    max_seq_length: 4096,
    output_len: 256,
    min_prompt: 1024,
    max_prompt: 1024,
    min_output: 256,
    max_output: 256,
  },
});

/** A private benchmark of `model` on 1x H100 whose metrics add up, as a runner's --post sends it. */
export function benchmarkBody(
  model: string,
  runtimeOptions: Record<string, number | string | boolean>,
  outputThroughput: number,
  ttftP50: number,
) {
  return {
    setting: benchmarkSetting(model),
    runtime_options: runtimeOptions,
    metrics: benchmarkMetrics(outputThroughput, ttftP50),
    cost_per_million_tokens: null,
    session_id: null,
    published: false,
    notes: '',
  };
}

/** POST /benchmarks with the given body; returns the stored benchmark's id and setting. */
export async function postBenchmarkBody(
  request: APIRequestContext,
  token: string,
  body: object,
): Promise<{ id: string; setting: { id: string } }> {
  const response = await request.post(`${API}/benchmarks`, {
    headers: bearer(token),
    data: body,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: string; setting: { id: string } };
}

/** Stores one private benchmark of `model` on 1x H100, as a runner's --post would; returns its id. */
export async function postBenchmark(
  request: APIRequestContext,
  token: string,
  model: string,
  runtimeOptions: Record<string, number | string | boolean>,
  outputThroughput: number,
  ttftP50: number,
): Promise<string> {
  return (await postBenchmarkBody(request, token, benchmarkBody(model, runtimeOptions, outputThroughput, ttftP50))).id;
}

/** [output tok/s, TTFT p50 ms] of a measured trial, or null for one that ran out of memory. */
export type TrialOutcome = readonly [number, number] | null;

/**
 * Runs a tuning session to completion through the ask/tell API, as a runner would: one trial per
 * outcome, all leased at once. By default one trial of one flag, maximising output throughput.
 */
export async function finishedSession(
  request: APIRequestContext,
  token: string,
  model: string,
  { outcomes = [[4200, 90]], ...session }: { outcomes?: readonly TrialOutcome[]; [field: string]: unknown } = {},
): Promise<string> {
  const headers = bearer(token);
  const created = await request.post(`${API}/tuning/session`, {
    headers,
    data: {
      setting: benchmarkSetting(model),
      objective: { metric: 'output_throughput', direction: 'maximize' },
      constraints: [],
      search_space: { parameters: [{ kind: 'int', name: 'max_num_seqs', low: 8, high: 512, log: true }], rules: [] },
      budget: { max_trials: outcomes.length, max_parallel: outcomes.length },
      ...session,
    },
  });
  expect(created.ok()).toBe(true);
  const sessionId = ((await created.json()) as { id: string }).id;
  const leased = await request.post(`${API}/tuning/session/${sessionId}/next-configs`, {
    headers,
    data: { count: outcomes.length },
  });
  expect(leased.ok()).toBe(true);
  const { configs } = (await leased.json()) as { configs: { id: string }[] };
  expect(configs).toHaveLength(outcomes.length);
  for (const [i, config] of configs.entries()) {
    const outcome = outcomes[i];
    const reported = await request.post(`${API}/tuning/session/${sessionId}/results`, {
      headers,
      data: outcome
        ? { pending_config_id: config.id, metrics: benchmarkMetrics(outcome[0], outcome[1]) }
        : { pending_config_id: config.id, failure: { kind: 'oom', message: 'CUDA out of memory' } },
    });
    expect(reported.ok()).toBe(true);
  }
  return sessionId;
}
