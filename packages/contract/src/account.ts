import { z } from 'zod';
import { Email } from './auth.ts';
import { Id, Timestamp } from './common.ts';
import { HardwareConfig, MetricKey, Runtime, RuntimeOptions } from './benchmarks.ts';

// ---- API tokens (runners authenticate with these) ---------------------------------------------

/** `mako_` + 32 random base62 chars + 6-char CRC32 checksum, so scanners and typos are caught offline. */
export const API_TOKEN_PREFIX = 'mako_';
export const REGISTRY_TOKEN_PREFIX = 'makoreg_';

const TokenName = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const ApiTokenCreate = z.object({
  name: TokenName,
  /** null: never expires. */
  expires_in_days: z.number().int().min(1).max(365).nullable().default(90),
});
export type ApiTokenCreate = z.input<typeof ApiTokenCreate>;

export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  /** The first characters of the secret, enough to recognise it. */
  prefix: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The secret appears in this answer only; the server keeps its SHA-256. */
export const ApiTokenCreated = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const TokenId = z.object({ token_id: Id });

// ---- Container-registry tokens (pull access to optimised serving images) ---------------------------

export const RegistryTokenCreate = z.object({
  name: TokenName,
  scope: z.enum(['pull', 'pull-push']).default('pull'),
  expires_in_days: z.number().int().min(1).max(365).nullable().default(90),
});
export type RegistryTokenCreate = z.input<typeof RegistryTokenCreate>;

export const RegistryToken = ApiToken.extend({
  registry: z.string(),
  username: z.string(),
  scope: z.enum(['pull', 'pull-push']),
});
export type RegistryToken = z.infer<typeof RegistryToken>;

export const RegistryTokenCreated = z.object({ token: RegistryToken, secret: z.string() });
export type RegistryTokenCreated = z.infer<typeof RegistryTokenCreated>;

// ---- Serve requests: "give me the best launch command for this model on this hardware" ---------

export const ServeRequestCreate = z.object({
  ml_model_name: z.string().trim().min(1, 'Model is required').max(200),
  hardware_config: HardwareConfig,
  objective: MetricKey,
  runtime: Runtime.optional(),
});
export type ServeRequestCreate = z.input<typeof ServeRequestCreate>;

export const ServeRequest = z.object({
  id: Id,
  ml_model_name: z.string(),
  hardware_config: HardwareConfig,
  objective: MetricKey,
  runtime: Runtime.nullable(),
  /** ready: a launch command exists; no_data: nothing benchmarked yet for this model and hardware. */
  status: z.enum(['ready', 'no_data']),
  benchmark_id: Id.nullable(),
  runtime_options: RuntimeOptions.nullable(),
  launch_command: z.string().nullable(),
  objective_value: z.number().nullable(),
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
  price_usd_month: z.number().int().min(0).nullable(),
  description: z.string(),
  features: z.array(z.string()),
  limits: z.object({
    /** Concurrently active (pending or running) tuning sessions; null: unlimited. */
    active_tuning_sessions: z.number().int().min(0).nullable(),
    max_trials_per_session: z.number().int().min(1).nullable(),
  }),
});
export type Plan = z.infer<typeof Plan>;

export const Subscription = z.object({
  plan: Plan,
  status: z.enum(['active', 'canceled', 'past_due']),
  current_period_end: Timestamp.nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

export const CheckoutCreate = z.object({ plan_id: PlanId });
export const CheckoutSession = z.object({
  id: Id,
  /** Where to send the browser: Stripe Checkout, or the local test-mode page. */
  checkout_url: z.string(),
  mode: z.enum(['stripe', 'test']),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;
export const CheckoutConfirm = z.object({ session_id: Id });

// ---- AI meetup survey ---------------------------------------------------------------------------------

export const SurveyResponseCreate = z.object({
  name: z.string().trim().max(200).default(''),
  email: Email.or(z.literal('')).default(''),
  role: z.enum(['ml-engineer', 'platform-engineer', 'researcher', 'manager', 'other'], {
    message: 'Please choose your role',
  }),
  serving_engines: z.array(z.enum(['vllm', 'sglang', 'tensorrt-llm', 'tgi', 'other'])).max(5),
  gpus_in_production: z.enum(['none', '1-8', '9-64', '65-512', '513+'], { message: 'Please choose a range' }),
  biggest_pain: z.string().trim().min(1, 'Please tell us your biggest pain').max(2000),
  wants_demo: z.boolean().default(false),
});
export type SurveyResponseCreate = z.input<typeof SurveyResponseCreate>;
export const SurveyResponse = z.object({ id: Id, created_at: Timestamp });
export type SurveyResponse = z.infer<typeof SurveyResponse>;
