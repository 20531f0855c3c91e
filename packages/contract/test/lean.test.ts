import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessToken,
  AuthServer,
  BenchmarkSearchQuery,
  Constraint,
  EmailLinkRequest,
  GoogleLogin,
  LeanAccessToken,
  LeanAuthServer,
  LeanBenchmarkSearchQuery,
  LeanEmailLinkRequest,
  LeanGoogleLogin,
  LeanLoginForm,
  LeanMagicLinkLogin,
  LeanMessage,
  LeanMetricKey,
  LeanPageQuery,
  LeanPageUrls,
  LeanQueryBool,
  LeanRegisterRequest,
  LeanRegisterResponse,
  LeanSiteSettings,
  LeanUser,
  LeanValidationIssue,
  LoginForm,
  METRIC_KEYS,
  MagicLinkLogin,
  Message,
  MetricKey,
  PageQuery,
  PageUrls,
  QueryBool,
  RegisterRequest,
  RegisterResponse,
  SiteSettings,
  User,
  ValidationIssue,
  endpoints,
  leanEndpoints,
  parseConstraints,
  type EndpointDef,
  type LeanEndpointDef,
} from '../src/index.ts';

const user = {
  id: 'u-1',
  email: 'ada@example.com',
  full_name: 'Ada',
  created_at: '2026-01-02T03:04:05.000Z',
  has_password: true,
};
const settings = {
  posthog_key: 'phc_1',
  posthog_host: null,
  feedback_survey_id: null,
  waitlist_survey_id: null,
  signup_survey_id: null,
  google_client_id: 'client.apps.googleusercontent.com',
  page_urls: { terms_of_service: 'https://x/t', privacy_policy: '', contact_us: '', eula: '' },
  auth_server: { url: 'http://127.0.0.1:8000/api/v1/login/access-token', application_name: 'MakoOptimize' },
  payment_host: null,
  docs_url: 'https://docs',
};
const long = (n: number) => 'a'.repeat(n);

/** Each lean schema, its classic twin, and inputs on both sides of every rule the twin has. */
const PAIRS: [string, z.core.$ZodType, z.core.$ZodType, unknown[]][] = [
  ['Message', LeanMessage, Message, [{ message: 'hi' }, { message: 1 }, {}, null, 'x']],
  [
    'ValidationIssue',
    LeanValidationIssue,
    ValidationIssue,
    [
      { loc: ['body', 0], msg: 'm', type: 't' },
      { loc: [true], msg: 'm', type: 't' },
      { loc: 'body', msg: 1 },
    ],
  ],
  [
    'User',
    LeanUser,
    User,
    [
      user,
      { ...user, full_name: null, extra: 1 },
      { ...user, id: '' },
      { ...user, id: long(65) },
      { ...user, created_at: '2026-01-02 03:04' },
      { ...user, created_at: '2026-01-02T03:04:05+02:00' },
      { ...user, has_password: 'yes' },
    ],
  ],
  [
    'AccessToken',
    LeanAccessToken,
    AccessToken,
    [{ access_token: 't' }, { access_token: 't', token_type: 'mac' }, { access_token: '' }, { token_type: 'bearer' }],
  ],
  [
    'LoginForm',
    LeanLoginForm,
    LoginForm,
    [
      { username: 'a@b.c', password: 'p' },
      { username: 'a@b.c', password: 'p', grant_type: 'password', scope: '', client_id: 'c', client_secret: 's' },
      { username: '', password: '' },
      { username: 'a', password: 'p', grant_type: 1 },
    ],
  ],
  [
    'EmailLinkRequest',
    LeanEmailLinkRequest,
    EmailLinkRequest,
    [
      { email: 'ada@example.com', application: 'Mako' },
      { email: 'not-an-email', application: 'Mako' },
      { email: `${long(250)}@x.io`, application: 'Mako' },
      { email: 'ada@example.com', application: '' },
      { email: 'ada@example.com', application: long(101) },
    ],
  ],
  ['MagicLinkLogin', LeanMagicLinkLogin, MagicLinkLogin, [{ token: 't' }, { token: '' }, { token: long(513) }, {}]],
  [
    'RegisterRequest',
    LeanRegisterRequest,
    RegisterRequest,
    [{ email_verification_token: 't' }, { email_verification_token: '' }, {}],
  ],
  [
    'RegisterResponse',
    LeanRegisterResponse,
    RegisterResponse,
    [{ token: { access_token: 't' }, user }, { user }, { token: { access_token: '' }, user }, { token: null, user }],
  ],
  ['GoogleLogin', LeanGoogleLogin, GoogleLogin, [{ id_token: 'i' }, { id_token: '' }, { id_token: long(8193) }]],
  [
    'AuthServer',
    LeanAuthServer,
    AuthServer,
    [settings.auth_server, { url: 'not a url', application_name: 'x' }, { url: 'http://x' }],
  ],
  ['PageUrls', LeanPageUrls, PageUrls, [settings.page_urls, { terms_of_service: null }]],
  [
    'SiteSettings',
    LeanSiteSettings,
    SiteSettings,
    [
      settings,
      { ...settings, posthog_key: null, google_client_id: null },
      { ...settings, posthog_key: undefined },
      { ...settings, auth_server: { url: '', application_name: '' } },
      { ...settings, page_urls: undefined, docs_url: 3 },
    ],
  ],
  [
    'PageQuery',
    LeanPageQuery,
    PageQuery,
    [
      {},
      { limit: '5', offset: '10' },
      { limit: '0' },
      { limit: '1001' },
      { offset: '-1' },
      { limit: '1.5' },
      { limit: 'abc' },
      { limit: 7 },
    ],
  ],
  ['QueryBool', LeanQueryBool, QueryBool, ['true', 'false', '1', '0', 'yes', true, false, 1, undefined]],
  ['MetricKey', LeanMetricKey, MetricKey, [...METRIC_KEYS, 'ttft_ms.p42', '', 3]],
  [
    'BenchmarkSearchQuery',
    LeanBenchmarkSearchQuery,
    BenchmarkSearchQuery,
    [
      {},
      {
        limit: '20',
        offset: '40',
        max_seq_length: '4096',
        num_requests: '100',
        dataset: 'sharegpt',
        request_rate: 'inf',
        output_len: '128',
        min_prompt: '1',
        max_prompt: '2',
        min_output: '3',
        max_output: '4',
        min_seq: '5',
        max_seq: '6',
        software_version: '0.8.0',
        model_name: 'meta-llama/Llama-3.1-8B',
        hardware_name: 'H100',
        objective: 'ttft_ms.p99',
        constraints: 'ttft_ms.p99<=200, tpot_ms.p99 < 50',
        verified: 'true',
        published: '0',
      },
      { request_rate: '2.5' },
      { request_rate: '0' },
      { request_rate: '-1' },
      { request_rate: 'fast' },
      { max_seq_length: '-1', num_requests: '1.5', output_len: 'x' },
      { dataset: long(129), software_version: long(65), model_name: long(201), hardware_name: long(65) },
      { objective: 'speed' },
      { constraints: 'ttft_ms.p99<=200,bogus<=1' },
      { constraints: 'ttft_ms.p99 == 200' },
      { constraints: long(1001) },
      { verified: 'maybe', published: true },
      { limit: '0', unknown: 'kept?' },
    ],
  ],
];

const jsonSchema = (schema: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const outcome = (schema: z.core.$ZodType, input: unknown) => {
  const result = z.safeParse(schema, input);
  // The JSON text also pins the key order, which decides the order of parameters in an address.
  return result.success ? { data: result.data, json: JSON.stringify(result.data) } : { issues: result.error.issues };
};

describe('lean schemas', () => {
  it.each(PAIRS)('%s describes the same JSON as its classic schema', (_, lean, classic) => {
    expect(jsonSchema(lean, 'input')).toEqual(jsonSchema(classic, 'input'));
    expect(jsonSchema(lean, 'output')).toEqual(jsonSchema(classic, 'output'));
  });

  it.each(PAIRS)('%s accepts, rejects and outputs what its classic schema does', (_, lean, classic, samples) => {
    let rejected = 0;
    for (const sample of samples) {
      const expected = outcome(classic, sample);
      expect(outcome(lean, sample), JSON.stringify(sample)).toEqual(expected);
      if ('issues' in expected) rejected += 1;
    }
    // Every pair is tried on both sides of its rules, or the comparison proves little.
    expect(rejected).toBeGreaterThan(0);
    expect(rejected).toBeLessThan(samples.length);
  });
});

describe('lean endpoints', () => {
  const schemaKeys = ['params', 'query', 'body', 'response'] as const;

  it.each(Object.entries(leanEndpoints))(
    '%s matches its entry in the endpoint table, schemas by shape',
    (name, def) => {
      const lean: LeanEndpointDef = def;
      const classic: EndpointDef = endpoints[name as keyof typeof endpoints];
      const plain = (d: object) =>
        Object.fromEntries(Object.entries(d).filter(([key]) => !(schemaKeys as readonly string[]).includes(key)));
      expect(plain(lean)).toEqual(plain(classic));
      for (const key of schemaKeys) {
        const [mine, theirs] = [lean[key], classic[key]];
        expect(mine === undefined, key).toBe(theirs === undefined);
        if (mine && theirs) expect(jsonSchema(mine, 'output'), key).toEqual(jsonSchema(theirs, 'output'));
      }
    },
  );
});

describe('parseConstraints', () => {
  /** What each term must give: the Constraint schema's verdict on the parts the syntax splits out. */
  const reference = (metric: string, op: string, value: string) =>
    Constraint.safeParse({ metric, op, value: Number(value) });

  it('accepts exactly the terms the Constraint schema accepts, with the same values', () => {
    const terms = [
      ...METRIC_KEYS.map((metric) => [metric, '<=', '12.5'] as const),
      ['TTFT_MS.P99', '<', '1'],
      ['ttft_ms.p42', '>', '1'],
      ['goodput', '>=', '1e999'],
      ['goodput', '>=', '-1e3'],
    ] as const;
    for (const [metric, op, value] of terms) {
      const term = `${metric}${op}${value}`;
      const expected = reference(metric, op, value);
      const parsed = parseConstraints(term);
      if (expected.success) expect(parsed, term).toEqual({ ok: true, value: [expected.data] });
      else expect(parsed, term).toEqual({ ok: false, error: `Unknown metric '${metric}' in constraint '${term}'` });
    }
  });
});
