import * as z from 'zod/mini';
import { Email, User } from './auth.ts';
import { Id, Timestamp } from './common.ts';
import { HardwareConfig, Runtime, RuntimeOptions } from './benchmarks.ts';
import { MetricKey } from './metric-key.ts';
import {
  DEFAULT_TOKEN_LIFETIME_DAYS,
  MAX_TOKEN_LIFETIME_DAYS,
  RUNNER_TOKEN_SCOPES,
  TOKEN_SCOPES,
} from './vocabulary/token-scopes.ts';

// ---- Sign-in settings ---------------------------------------------------------------------------

export const MIN_PASSWORD_LENGTH = 10;

/**
 * Whether a password change or sign-out everywhere also revokes the user's API tokens (their
 * runners then stop until given a new one). Sessions end either way; API tokens only when asked.
 */
const RevokeApiTokens = z._default(z.boolean(), false);

/**
 * Setting a first password needs no current one; changing it does. Both end every other session
 * (earlier access tokens stop working), and revoke the API tokens when asked.
 */
export const PasswordChange = z.object({
  current_password: z.optional(z.string().check(z.maxLength(256))),
  new_password: z
    .string()
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
      z.maxLength(256, 'Password must be at most 256 characters'),
    ),
  revoke_api_tokens: RevokeApiTokens,
});
export type PasswordChange = z.input<typeof PasswordChange>;

/** POST /logout-all's body, which may be left out (nothing but the sessions ends). */
export const LogoutAll = z.optional(z.object({ revoke_api_tokens: RevokeApiTokens }));
export type LogoutAll = z.input<typeof LogoutAll>;

/** GET /auth/me: who a bearer token belongs to. Runners pass `name` to identify themselves. */
export const AuthMe = z.object({
  user: User,
  via: z.enum(['session', 'api_token']),
  token_name: z.nullable(z.string()),
  runner_name: z.nullable(z.string()),
});
export type AuthMe = z.infer<typeof AuthMe>;

export const AuthMeQuery = z.object({ name: z.optional(z.string().check(z.minLength(1), z.maxLength(100))) });

// ---- API tokens (runners authenticate with these) ---------------------------------------------

/** `mako_` + 32 random base62 chars + 6-char CRC32 checksum, so scanners and typos are caught offline. */
export const API_TOKEN_PREFIX = 'mako_';
export const REGISTRY_TOKEN_PREFIX = 'makoreg_';

const TokenName = z
  .string()
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters'));

const LIFETIME_MESSAGE = `Tokens expire within 1 to ${MAX_TOKEN_LIFETIME_DAYS} days; none lives forever`;
const ExpiresInDays = z._default(
  z
    .number({ message: LIFETIME_MESSAGE })
    .check(
      z.int(LIFETIME_MESSAGE),
      z.minimum(1, LIFETIME_MESSAGE),
      z.maximum(MAX_TOKEN_LIFETIME_DAYS, LIFETIME_MESSAGE),
    ),
  DEFAULT_TOKEN_LIFETIME_DAYS,
);

export const TokenScope = z.enum(TOKEN_SCOPES, {
  message: `Unknown scope; the scopes are ${TOKEN_SCOPES.join(', ')}`,
});
export type TokenScope = z.infer<typeof TokenScope>;
const TokenScopes = z.array(TokenScope).check(
  z.minLength(1, 'Choose at least one scope'),
  z.refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
);

/** Without `scopes`, a token gets what a runner needs (RUNNER_TOKEN_SCOPES). */
export const ApiTokenCreate = z.object({
  name: TokenName,
  expires_in_days: ExpiresInDays,
  scopes: z._default(TokenScopes, [...RUNNER_TOKEN_SCOPES]),
});
export type ApiTokenCreate = z.input<typeof ApiTokenCreate>;

const StoredToken = z.object({
  id: Id,
  name: z.string(),
  /** The first characters of the secret, enough to recognise it. */
  prefix: z.string(),
  created_at: Timestamp,
  last_used_at: z.nullable(Timestamp),
  expires_at: z.nullable(Timestamp),
  revoked_at: z.nullable(Timestamp),
});
/** What an API or a registry token list shows of a token; the secret is never in it. */
export type StoredToken = z.infer<typeof StoredToken>;

export const ApiToken = z.extend(StoredToken, { scopes: z.array(TokenScope) });
export type ApiToken = z.infer<typeof ApiToken>;

/** The secret appears in this answer only; the server keeps its SHA-256. */
export const ApiTokenCreated = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const TokenId = z.object({ token_id: Id });

// ---- Container-registry tokens (pull access to optimised serving images) ---------------------------

const RegistryScope = z.enum(['pull', 'pull-push']);

export const RegistryTokenCreate = z.object({
  name: TokenName,
  scope: z._default(RegistryScope, 'pull'),
  expires_in_days: ExpiresInDays,
});
export type RegistryTokenCreate = z.input<typeof RegistryTokenCreate>;

export const RegistryToken = z.extend(StoredToken, {
  registry: z.string(),
  username: z.string(),
  scope: RegistryScope,
});
export type RegistryToken = z.infer<typeof RegistryToken>;

export const RegistryTokenCreated = z.object({ token: RegistryToken, secret: z.string() });
export type RegistryTokenCreated = z.infer<typeof RegistryTokenCreated>;

// ---- Serve requests: "give me the best launch command for this model on this hardware" ---------

export const ServeRequestCreate = z.object({
  ml_model_name: z.string().check(z.trim(), z.minLength(1, 'Model is required'), z.maxLength(200)),
  hardware_config: HardwareConfig,
  objective: MetricKey,
  runtime: z.optional(Runtime),
});
export type ServeRequestCreate = z.input<typeof ServeRequestCreate>;

export const ServeRequest = z.object({
  id: Id,
  ml_model_name: z.string(),
  hardware_config: HardwareConfig,
  objective: MetricKey,
  runtime: z.nullable(Runtime),
  /** ready: a launch command exists; no_data: nothing benchmarked yet for this model and hardware. */
  status: z.enum(['ready', 'no_data']),
  benchmark_id: z.nullable(Id),
  runtime_options: z.nullable(RuntimeOptions),
  launch_command: z.nullable(z.string()),
  objective_value: z.nullable(z.number()),
  created_at: Timestamp,
});
export type ServeRequest = z.infer<typeof ServeRequest>;
export const ServeRequestId = z.object({ request_id: Id });

// ---- Plans and subscription ----------------------------------------------------------------------

export const PlanId = z.enum(['free', 'pro', 'enterprise']);
export type PlanId = z.infer<typeof PlanId>;

export const Plan = z.object({
  id: PlanId,
  name: z.string(),
  /** Whole US dollars per month; null: talk to sales. */
  price_usd_month: z.nullable(z.number().check(z.int(), z.minimum(0))),
  description: z.string(),
  features: z.array(z.string()),
  limits: z.object({
    /** Concurrently active (pending or running) tuning sessions; null: unlimited. */
    active_tuning_sessions: z.nullable(z.number().check(z.int(), z.minimum(0))),
    max_trials_per_session: z.nullable(z.number().check(z.int(), z.minimum(1))),
  }),
});
export type Plan = z.infer<typeof Plan>;

export const Subscription = z.object({
  plan: Plan,
  status: z.enum(['active', 'canceled', 'past_due']),
  current_period_end: z.nullable(Timestamp),
});
export type Subscription = z.infer<typeof Subscription>;

export const CheckoutCreate = z.object({ plan_id: PlanId });
export const CheckoutSession = z.object({
  id: Id,
  /**
   * Where to send the browser: Stripe Checkout, the local test-mode page (never in production), or
   * straight to the success page when the server gives every plan away (`free`).
   */
  checkout_url: z.string(),
  mode: z.enum(['stripe', 'test', 'free']),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;
export const CheckoutConfirm = z.object({ session_id: Id });

// ---- AI meetup survey ---------------------------------------------------------------------------------

export const SurveyResponseCreate = z.object({
  name: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  email: z._default(z.union([Email, z.literal('')]), ''),
  role: z.enum(['ml-engineer', 'platform-engineer', 'researcher', 'manager', 'other'], {
    message: 'Please choose your role',
  }),
  serving_engines: z.array(z.enum(['vllm', 'sglang', 'tensorrt-llm', 'tgi', 'other'])).check(z.maxLength(5)),
  gpus_in_production: z.enum(['none', '1-8', '9-64', '65-512', '513+'], { message: 'Please choose a range' }),
  biggest_pain: z.string().check(z.trim(), z.minLength(1, 'Please tell us your biggest pain'), z.maxLength(2000)),
  wants_demo: z._default(z.boolean(), false),
});
export type SurveyResponseCreate = z.input<typeof SurveyResponseCreate>;
export const SurveyResponse = z.object({ id: Id, created_at: Timestamp });
export type SurveyResponse = z.infer<typeof SurveyResponse>;
