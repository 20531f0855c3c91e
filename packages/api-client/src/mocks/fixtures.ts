import * as fx from '@mako/fixtures';
import {
  API_PREFIX,
  LOGIN_PATH_SUFFIX,
  ENGINE_FLAG_LISTS,
  type ApiToken,
  type ApiTokenCreated,
  type AuthMe,
  type AuthServer,
  type Benchmark,
  type BenchmarkSetting,
  type BestBenchmarkReport,
  type CheckoutSession,
  type PendingConfig,
  type Plan,
  type PlannerOptions,
  type PlanResult,
  type RegistryToken,
  type RegistryTokenCreated,
  type ResponseOf,
  type ServeRequest,
  type SiteSettings,
  type Subscription,
  type SupportedRuntimeOptions,
  type SurveyResponse,
  type Sweep,
  type TuningBest,
  type TuningInsights,
  type TuningResult,
  type TuningSession,
  type User,
} from '@mako/contract';

/*
 * The fixtures of @mako/fixtures (the ui stories read the same ones), each typed here with the
 * contract's type, so the compiler says when the two part ways; plus the answers that only the
 * mocked API gives (site settings, /auth/me, health, the engine-flag lists).
 */

export { fixtureId, fixtureMetrics, fixtureTime, mockAccessToken, mockJwt } from '@mako/fixtures';

export const user: User = fx.user;

/** The page's own origin, so a mocked app keeps talking to itself after reading the settings. */
const origin = typeof globalThis.location !== 'undefined' ? globalThis.location.origin : 'http://localhost:3000';

export const authServer: AuthServer = {
  url: `${origin}${API_PREFIX}${LOGIN_PATH_SUFFIX}`,
  application_name: 'MakoOptimize',
};

export const settings: SiteSettings = {
  posthog_key: null,
  posthog_host: null,
  feedback_survey_id: null,
  waitlist_survey_id: null,
  signup_survey_id: '0193c5a2-signup',
  google_client_id: null,
  page_urls: {
    terms_of_service: 'https://makooptimize.com/terms',
    privacy_policy: 'https://makooptimize.com/privacy',
    contact_us: 'https://makooptimize.com/contact',
    eula: 'https://makooptimize.com/eula',
  },
  auth_server: authServer,
  payment_host: null,
  docs_url: 'https://docs.makooptimize.com',
};

/** Settings with Google sign-in configured (the Google button renders). */
export const settingsWithGoogle: SiteSettings = {
  ...settings,
  google_client_id: '418235092735-mako0optimize0demo.apps.googleusercontent.com',
};

export const authMe: AuthMe = { user, via: 'session', token_name: null, runner_name: null };

export const health: ResponseOf<'health'> = { status: 'ok', database: 'ok', version: '0.1.0' };

export const sessions: TuningSession[] = fx.sessions;
export const sweeps: Sweep[] = fx.sweeps;
export const runningSession: TuningSession = fx.runningSession;
export const completeSession: TuningSession = fx.completeSession;
export const pendingSession: TuningSession = fx.pendingSession;
export const failedSession: TuningSession = fx.failedSession;
export const resultsBySession: Record<string, TuningResult[]> = fx.resultsBySession;
export const pendingConfigs: PendingConfig[] = fx.pendingConfigs;
export const bestBySession: Record<string, TuningBest> = fx.bestBySession;
export const insightsBySession: Record<string, TuningInsights> = fx.insightsBySession;

/** Each benchmark as its own answer (by id) gives it: repeated runs, intervals and telemetry included. */
export const benchmarks: Benchmark[] = fx.measuredCatalogue;
/** The same benchmarks as a page of rows gives them: only the small client report, as the server keeps pages light. */
export const benchmarkRows: Benchmark[] = benchmarks.map(
  ({ runs: _r, intervals: _i, telemetry: _t, provenance: _p, ...row }) => row,
);
export const benchmarkSettings: BenchmarkSetting[] = fx.benchmarkSettings;
export const bestBenchmarkReport: BestBenchmarkReport = fx.bestBenchmarkReport;
export const supportedRuntimeOptions: SupportedRuntimeOptions = { runtimes: [...ENGINE_FLAG_LISTS] };

export const apiTokens: ApiToken[] = fx.apiTokens;
export const apiTokenCreated: ApiTokenCreated = fx.apiTokenCreated;
export const registryTokens: RegistryToken[] = fx.registryTokens;
export const registryTokenCreated: RegistryTokenCreated = fx.registryTokenCreated;
export const serveRequests: ServeRequest[] = fx.serveRequests;

export const plans: Plan[] = fx.plans;
export const subscription: Subscription = fx.subscription;
export const proSubscription: Subscription = fx.proSubscription;
export const checkoutSession: CheckoutSession = fx.checkoutSession;
export const surveyResponse: SurveyResponse = fx.surveyResponse;

export const messages = fx.messages;

export const plan: PlanResult = fx.plan;
export const infeasiblePlan: PlanResult = fx.infeasiblePlan;
export const plannerOptions: PlannerOptions = fx.plannerOptions;
