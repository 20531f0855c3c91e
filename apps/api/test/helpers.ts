import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import {
  API_PREFIX,
  AnyErrorBody,
  buildPath,
  endpoints,
  toSearchParams,
  type EndpointName,
  type ResponseOf,
} from '@mako/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { buildServer, type Server, type ServerOptions } from '../src/server.ts';
import { startSmtpReceiver, linkToken, type SmtpReceiver } from './smtp.ts';

/**
 * The suite runs once on SQLite (project 'api') and, when CI provides a PostgreSQL, once more on it
 * (project 'api-pg', which sets MAKO_TEST_DB=postgres; see vitest.workspace.ts).
 */
export const PG_URL = process.env.MAKO_TEST_DB === 'postgres' ? process.env.MAKO_TEST_PG_URL : undefined;

export interface TestServer {
  server: Server;
  baseUrl: string;
  config: Config;
  dataDir: string;
  smtp: SmtpReceiver;
  /** Everything the server logged, one JSON line each. */
  logs: string[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A PostgreSQL schema of its own for one server, dropped afterwards. */
async function createSchema(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${name}`);
  await client.end();
  return {
    name,
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${name} cascade`);
      await c.end();
    },
  };
}

/**
 * A real server on a free port with its own database: a SQLite file in a temp dir, or a fresh
 * schema on MAKO_TEST_PG_URL. Mail goes to a real local SMTP receiver. Argon2 and the per-IP limit
 * are relaxed for speed unless a test overrides them.
 */
export async function startServer(
  overrides: Partial<Config> = {},
  options: ServerOptions & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-api-test-'));
  const smtp = await startSmtpReceiver();
  const schema = PG_URL ? await createSchema() : null;
  const logs: string[] = [];
  let offset = 0;
  const base = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...options.env });
  const config: Config = {
    ...base,
    ...(schema ? { databaseUrl: PG_URL!, pgSearchPath: schema.name } : {}),
    seedDemo: false,
    logLevel: 'info',
    argon2: { memoryKib: 1024, timeCost: 1 },
    authRateLimit: { max: 10_000, windowS: 60 },
    mailCooldownS: 0,
    validateResponses: true,
    now: () => Date.now() + offset,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    }),
    ...overrides,
  };
  const server = await buildServer(config, options);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    server,
    baseUrl,
    config,
    dataDir,
    smtp,
    logs,
    advance: (ms) => {
      offset += ms;
    },
    async close() {
      await server.close();
      await smtp.close();
      await schema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Calls an endpoint of the contract table over HTTP. Success bodies are parsed with the endpoint's
 * response schema and error bodies with the FastAPI error shapes, so a drift from the contract fails.
 */
export async function call<N extends EndpointName>(
  ts: Pick<TestServer, 'baseUrl'>,
  name: N,
  options: CallOptions = {},
): Promise<CallResult<ResponseOf<N>>> {
  const def = endpoints[name];
  const search = toSearchParams(options.query).toString();
  const url = `${ts.baseUrl}${API_PREFIX}${buildPath(def.path, options.params)}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    if ('bodyType' in def && def.bodyType === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  const response = await fetch(url, { method: def.method, headers, ...(body !== undefined ? { body } : {}) });
  const json: unknown = await response.json();
  if (response.ok) {
    const parsed = def.response.safeParse(json);
    if (!parsed.success) throw new Error(`${name} answered outside its contract: ${parsed.error.message}`);
  } else {
    const parsed = AnyErrorBody.safeParse(json);
    if (!parsed.success)
      throw new Error(`${name} answered ${response.status} with a non-FastAPI body: ${JSON.stringify(json)}`);
  }
  return { status: response.status, body: json as ResponseOf<N>, headers: response.headers };
}

/** Like `call`, but fails unless the answer is a success. */
export async function ok<N extends EndpointName>(
  ts: Pick<TestServer, 'baseUrl'>,
  name: N,
  options: CallOptions = {},
): Promise<ResponseOf<N>> {
  const result = await call(ts, name, options);
  if (result.status >= 300) throw new Error(`${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

export const detailOf = (body: unknown) => (body as { detail: unknown }).detail;

/**
 * A temporary build folder for a server to serve (the web app's or the runner's): `files` by their
 * '/'-separated paths in it (null: an empty folder), parent folders made. The caller removes it.
 */
export function buildDir(prefix: string, files: Record<string, string | Buffer | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(content === null ? file : path.dirname(file), { recursive: true });
    if (content !== null) fs.writeFileSync(file, content);
  }
  return dir;
}

let mailboxCounter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${++mailboxCounter}@example.com`;

/** Signs an address up through the verification mail, as the web app does; returns its access token and user. */
export async function signUp(ts: Pick<TestServer, 'baseUrl' | 'smtp'>, email = uniqueEmail()) {
  const before = ts.smtp.messages.filter((m) => m.to.includes(email)).length;
  await ok(ts, 'sendVerificationEmail', { body: { email, application: 'MakoOptimize' } });
  const mail = await ts.smtp.waitFor(email, before + 1);
  const answer = await ok(ts, 'register', { body: { email_verification_token: linkToken(mail, '/verify-email') } });
  return { token: answer.token!.access_token, user: answer.user, email };
}
