import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import type { EndpointDef } from './endpoints.ts';
import { METRIC_KEYS, parseConstraints } from './metric-keys.ts';

/*
 * The schemas the public pages need before anyone has signed in (the site settings, the auth
 * calls, the search parameters the router checks on every visit), written with zod/mini. Any
 * schema of zod's classic API pulls in all of that API, about 27 kB gzipped, which the first page
 * would pay for before it can show a form. zod/mini builds the same core schemas from functions
 * the bundler can drop one by one.
 *
 * Each Lean* schema accepts, rejects and outputs exactly what the classic schema of the same name
 * does, issues and messages included; test/lean.test.ts holds them to that. The classic schemas
 * remain the contract for the server and everything else.
 */

// zod's classic API installs its English messages when it is imported; without it, zod/mini
// would report every problem as 'Invalid input'.
z.config(z.locales.en());

const Id = z.string().check(z.minLength(1), z.maxLength(64));
const Timestamp = z.iso.datetime({ offset: true });
const Email = z.email({ message: 'Invalid email address' }).check(z.maxLength(254));
const OneTimeToken = z.string().check(z.minLength(1, 'Token is required'), z.maxLength(512));

export const LeanMessage = z.object({ message: z.string() });

export const LeanValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});

export const LeanUser = z.object({
  id: Id,
  email: z.string(),
  full_name: z.nullable(z.string()),
  created_at: Timestamp,
  has_password: z.boolean(),
});

export const LeanAccessToken = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z._default(z.string(), 'bearer'),
});

export const LeanLoginForm = z.object({
  grant_type: z.optional(z.string()),
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});

export const LeanEmailLinkRequest = z.object({
  email: Email,
  application: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const LeanMagicLinkLogin = z.object({ token: OneTimeToken });
export const LeanRegisterRequest = z.object({ email_verification_token: OneTimeToken });
export const LeanRegisterResponse = z.object({ token: z.optional(LeanAccessToken), user: LeanUser });
export const LeanGoogleLogin = z.object({ id_token: z.string().check(z.minLength(1), z.maxLength(8192)) });

export const LeanAuthServer = z.object({ url: z.url(), application_name: z.string() });

export const LeanPageUrls = z.object({
  terms_of_service: z.string(),
  privacy_policy: z.string(),
  contact_us: z.string(),
  eula: z.string(),
});

export const LeanSiteSettings = z.object({
  posthog_key: z.nullable(z.string()),
  posthog_host: z.nullable(z.string()),
  feedback_survey_id: z.nullable(z.string()),
  waitlist_survey_id: z.nullable(z.string()),
  signup_survey_id: z.nullable(z.string()),
  google_client_id: z.nullable(z.string()),
  page_urls: LeanPageUrls,
  auth_server: LeanAuthServer,
  payment_host: z.nullable(z.string()),
  docs_url: z.string(),
});

// ---- Query strings ------------------------------------------------------------------------------

export const LeanPageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
});

export const LeanQueryBool = z.union([
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((v) => v === 'true' || v === '1'),
  ),
  z.boolean(),
]);

export const LeanMetricKey = z.enum(METRIC_KEYS);

const QueryInt = z.coerce.number().check(z.int(), z.minimum(0));
const QueryRate = z.union([z.literal('inf'), z.coerce.number().check(z.positive())]);

export const LeanBenchmarkSearchQuery = z.extend(LeanPageQuery, {
  max_seq_length: z.optional(QueryInt),
  num_requests: z.optional(QueryInt),
  dataset: z.optional(z.string().check(z.maxLength(128))),
  request_rate: z.optional(QueryRate),
  output_len: z.optional(QueryInt),
  min_prompt: z.optional(QueryInt),
  max_prompt: z.optional(QueryInt),
  min_output: z.optional(QueryInt),
  max_output: z.optional(QueryInt),
  min_seq: z.optional(QueryInt),
  max_seq: z.optional(QueryInt),
  software_version: z.optional(z.string().check(z.maxLength(64))),
  model_name: z.optional(z.string().check(z.maxLength(200))),
  hardware_name: z.optional(z.string().check(z.maxLength(64))),
  objective: z.optional(LeanMetricKey),
  constraints: z.optional(z.string().check(z.maxLength(1000))).check(
    z.superRefine((v, ctx) => {
      if (v === undefined) return;
      const r = parseConstraints(v);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
    }),
  ),
  verified: z.optional(LeanQueryBool),
  published: z.optional(LeanQueryBool),
});

// ---- The calls of the public pages --------------------------------------------------------------

/** An endpoint of the table with lean schemas: the same method, path, auth and encoding as `endpoints[name]`. */
export interface LeanEndpointDef extends Omit<EndpointDef, 'params' | 'query' | 'body' | 'response'> {
  params?: z.ZodMiniObject;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
}

const lean = <const T extends LeanEndpointDef>(d: T): T => d;

/** `endpoints.getSettings` */
export const leanGetSettings = lean({
  method: 'GET',
  path: '/settings',
  summary: 'Site settings',
  auth: 'none',
  response: LeanSiteSettings,
  spec: true,
  group: 'product',
});

/** `endpoints.login` */
export const leanLogin = lean({
  method: 'POST',
  path: '/login/access-token',
  summary: 'Log in with e-mail and password (OAuth2 password form)',
  auth: 'none',
  body: LeanLoginForm,
  bodyType: 'form',
  response: LeanAccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});

/** `endpoints.loginMagicLink` */
export const leanLoginMagicLink = lean({
  method: 'POST',
  path: '/login/magic-link',
  summary: 'Redeem a magic-link token for an access token',
  auth: 'none',
  body: LeanMagicLinkLogin,
  response: LeanAccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});

/** `endpoints.sendMagicLink` */
export const leanSendMagicLink = lean({
  method: 'POST',
  path: '/magic-link',
  summary: 'E-mail a one-time login link',
  auth: 'none',
  body: LeanEmailLinkRequest,
  response: LeanMessage,
  errors: [429],
  spec: true,
  group: 'auth',
});

/** `endpoints.sendVerificationEmail` */
export const leanSendVerificationEmail = lean({
  method: 'POST',
  path: '/users/register/email-verification-token',
  summary: 'E-mail a sign-up verification link',
  auth: 'none',
  body: LeanEmailLinkRequest,
  response: LeanMessage,
  errors: [429],
  spec: true,
  group: 'auth',
});

/** `endpoints.register` */
export const leanRegister = lean({
  method: 'POST',
  path: '/users/register',
  summary: 'Create (or sign in) the account of a verified e-mail address',
  auth: 'none',
  body: LeanRegisterRequest,
  response: LeanRegisterResponse,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});

/** `endpoints.loginGoogle` */
export const leanLoginGoogle = lean({
  method: 'POST',
  path: '/login/google',
  summary: 'Log in with a Google ID token',
  auth: 'none',
  body: LeanGoogleLogin,
  response: LeanAccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});

/** `endpoints.me` */
export const leanMe = lean({
  method: 'GET',
  path: '/users/me',
  summary: 'The signed-in user',
  auth: 'bearer',
  response: LeanUser,
  spec: true,
  group: 'auth',
});

/** Every lean endpoint under the name it has in `endpoints`. */
export const leanEndpoints = {
  getSettings: leanGetSettings,
  login: leanLogin,
  loginMagicLink: leanLoginMagicLink,
  sendMagicLink: leanSendMagicLink,
  sendVerificationEmail: leanSendVerificationEmail,
  register: leanRegister,
  loginGoogle: leanLoginGoogle,
  me: leanMe,
} as const;
