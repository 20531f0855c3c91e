import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

/** The repository root, from this file's location: `pnpm --filter @mako/api start` runs in apps/api. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEV_JWT_SECRET = 'mako-dev-secret-change-me-mako-dev-secret';
const MIN_SECRET_LENGTH = 32;
/** OWASP's minimum for argon2id: 19 MiB of memory and two passes. */
export const ARGON2_MIN_MEMORY_KIB = 19456;
export const ARGON2_MIN_TIME_COST = 2;
const MAX_MAGIC_LINK_TTL_S = 600;
const MAX_VERIFICATION_TTL_S = 3600;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null));
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: int(8000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  WEB_DIST: z.string().min(1).optional(),
  RUNNER_DIST: z.string().min(1).optional(),
  JWT_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL_S: int(3600, 60, 30 * 24 * 3600),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().min(3).default('MakoOptimize <no-reply@makooptimize.local>'),
  APPLICATION_NAME: z.string().min(1).max(100).default('MakoOptimize'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  POSTHOG_KEY: optionalText,
  POSTHOG_HOST: optionalText,
  FEEDBACK_SURVEY_ID: optionalText,
  WAITLIST_SURVEY_ID: optionalText,
  SIGNUP_SURVEY_ID: z.string().default('mako-signup-survey'),
  DOCS_URL: z.url().default('https://docs.makooptimize.com'),
  TERMS_URL: optionalText,
  PRIVACY_URL: optionalText,
  CONTACT_URL: optionalText,
  EULA_URL: optionalText,
  PAYMENT_HOST: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  REGISTRY_HOST: optionalText,
  SEED_DEMO: bool(true),
  TRUST_PROXY: z.string().optional(),
  PLANS_FREE: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Runners renew their leases while they measure (renewLease), so a lease can be short: a runner
  // that dies gives its configuration back within minutes.
  LEASE_TTL_S: int(300, 1, 7 * 24 * 3600),
  MAIL_COOLDOWN_S: int(60, 0, 24 * 3600),
  MAGIC_LINK_TTL_S: int(MAX_MAGIC_LINK_TTL_S, 30, MAX_MAGIC_LINK_TTL_S),
  VERIFICATION_TTL_S: int(MAX_VERIFICATION_TTL_S, 30, MAX_VERIFICATION_TTL_S),
  AUTH_RATE_LIMIT_MAX: int(20, 1, 1_000_000),
  AUTH_RATE_LIMIT_WINDOW_S: int(60, 1, 24 * 3600),
  ARGON2_MEMORY_KIB: int(ARGON2_MIN_MEMORY_KIB, 1024, 4 * 1024 * 1024),
  RESPONSE_CACHE_MB: int(64, 0, 64 * 1024),
  RESPONSE_CACHE_TTL_S: int(10, 0, 3600),
  COUNT_CACHE_ENTRIES: int(10_000, 0, 10_000_000),
  ARGON2_TIME_COST: int(ARGON2_MIN_TIME_COST, 1, 20),
  REQUEST_TIMEOUT_S: int(30, 1, 3600),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Origin the browser uses; mail links and the auth-server URL are built from it. */
  publicUrl: string;
  dataDir: string;
  /** A file path for SQLite, or a `postgres://` URL. */
  databaseUrl: string;
  /** Extra pg connection options (tests put each file in its own schema). */
  pgSearchPath?: string;
  webDist: string;
  /** Where `pnpm --filter @mako/runner build` left the runner's tarballs, served at /downloads/. */
  runnerDist: string;
  jwtSecret: string;
  accessTokenTtlS: number;
  smtpUrl: string | null;
  mailFrom: string;
  applicationName: string;
  google: { clientId: string | null; jwksUrl: string };
  posthog: { key: string | null; host: string | null };
  surveys: { feedback: string | null; waitlist: string | null; signup: string };
  docsUrl: string;
  pageUrls: { terms_of_service: string; privacy_policy: string; contact_us: string; eula: string };
  paymentHost: string | null;
  stripe: { secretKey: string | null; apiUrl: string };
  registryHost: string;
  seedDemo: boolean;
  /** Which proxies may name the client in X-Forwarded-For (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Every plan is free on this server: a checkout activates its plan with no payment page. */
  plansFree: boolean;
  logLevel: string;
  leaseTtlS: number;
  mailCooldownS: number;
  magicLinkTtlS: number;
  verificationTtlS: number;
  authRateLimit: { max: number; windowS: number };
  argon2: { memoryKib: number; timeCost: number };
  /** Serialized catalogue answers kept in memory; 0 MB turns the cache off. */
  responseCache: { maxMb: number; ttlS: number };
  /** Search match counts kept per catalogue version; 0 counts every search afresh. */
  countCacheEntries: number;
  /** Longest a client may take to send a whole request, headers and body; then it gets a 408. */
  requestTimeoutMs: number;
  /** Parse every answer with its contract schema before sending (tests turn it on). */
  validateResponses: boolean;
  /** The clock; tests move it forward to expire links and leases. */
  now: () => number;
  /** Where logs go; tests capture them to check that no secret is ever written. */
  logStream?: Writable;
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; refuses unsafe production settings. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (e.STRIPE_SECRET_KEY && e.PLANS_FREE)
    throw new ConfigError(
      'Invalid configuration:\n  set STRIPE_SECRET_KEY (plans are sold) or PLANS_FREE=true (plans are free), not both',
    );
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, '');
  const jwtSecret = e.JWT_SECRET ?? DEV_JWT_SECRET;
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }

  if (production) {
    const problems: string[] = [];
    if (jwtSecret === DEV_JWT_SECRET || jwtSecret.length < MIN_SECRET_LENGTH)
      problems.push(`JWT_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters`);
    if (e.ARGON2_MEMORY_KIB < ARGON2_MIN_MEMORY_KIB || e.ARGON2_TIME_COST < ARGON2_MIN_TIME_COST)
      problems.push(
        `argon2 needs ARGON2_MEMORY_KIB >= ${ARGON2_MIN_MEMORY_KIB} and ARGON2_TIME_COST >= ${ARGON2_MIN_TIME_COST}`,
      );
    // The development outbox logs sign-in links, which must never reach production logs.
    if (!e.SMTP_URL) problems.push('SMTP_URL must be set: the development outbox is not for production');
    // Without a payment provider the checkout would be the test page, where anyone pays nothing.
    if (!e.STRIPE_SECRET_KEY && !e.PLANS_FREE)
      problems.push(
        'STRIPE_SECRET_KEY must be set to sell the paid plans, or PLANS_FREE=true to give every plan away on purpose: the test checkout is not for production',
      );
    if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
  }

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'mako.db'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    runnerDist: path.resolve(e.RUNNER_DIST ?? path.join(REPO_ROOT, 'apps/runner/dist')),
    jwtSecret,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    applicationName: e.APPLICATION_NAME,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    posthog: { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST },
    surveys: { feedback: e.FEEDBACK_SURVEY_ID, waitlist: e.WAITLIST_SURVEY_ID, signup: e.SIGNUP_SURVEY_ID },
    docsUrl: e.DOCS_URL,
    pageUrls: {
      terms_of_service: e.TERMS_URL ?? `${e.DOCS_URL}/legal/terms-of-service`,
      privacy_policy: e.PRIVACY_URL ?? `${e.DOCS_URL}/legal/privacy-policy`,
      contact_us: e.CONTACT_URL ?? `${e.DOCS_URL}/contact`,
      eula: e.EULA_URL ?? `${e.DOCS_URL}/legal/eula`,
    },
    paymentHost: e.PAYMENT_HOST ?? (e.STRIPE_SECRET_KEY ? 'https://checkout.stripe.com' : publicUrl),
    stripe: { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL.replace(/\/+$/, '') },
    registryHost: e.REGISTRY_HOST ?? `registry.${new URL(publicUrl).hostname}`,
    seedDemo: e.SEED_DEMO,
    trustProxy,
    plansFree: e.PLANS_FREE,
    logLevel: e.LOG_LEVEL,
    leaseTtlS: e.LEASE_TTL_S,
    mailCooldownS: e.MAIL_COOLDOWN_S,
    magicLinkTtlS: e.MAGIC_LINK_TTL_S,
    verificationTtlS: e.VERIFICATION_TTL_S,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowS: e.AUTH_RATE_LIMIT_WINDOW_S },
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    responseCache: { maxMb: e.RESPONSE_CACHE_MB, ttlS: e.RESPONSE_CACHE_TTL_S },
    countCacheEntries: e.COUNT_CACHE_ENTRIES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    validateResponses: false,
    now: Date.now,
  };
}
