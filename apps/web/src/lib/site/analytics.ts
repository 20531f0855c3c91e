import type { SiteSettings } from '@mako/contract';

/** SPEC §9: give up on loading the analytics library after a minute. */
export const ANALYTICS_LOAD_TIMEOUT_MS = 60_000;
/** SPEC §9: how often to look again whether the document has finished loading. */
export const DOCUMENT_READY_RETRY_MS = 500;
/** The event of SPEC §4, recorded once for an account created within the last five minutes. */
export const SIGN_UP_EVENT = 'user signed up';
/** Calls made before the library is in are replayed; a runaway caller cannot grow the queue forever. */
const MAX_QUEUED_CALLS = 100;
const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

/** The part of posthog-js this app uses. */
export interface PostHogLike {
  init(key: string, config: Record<string, unknown>): unknown;
  identify(distinctId: string, properties?: Record<string, unknown>): void;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  reset(): void;
}

export interface AnalyticsConfig {
  key: string;
  host: string;
  sessionRecording: boolean;
}

/** localhost and bare IP addresses (v4 or v6): development machines and internal deployments. */
export function isLocalOrIpHost(hostname: string): boolean {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '') return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return true;
  return host.includes(':');
}

/** Analytics runs only when the site settings carry a PostHog key; recording never on local or IP hosts. */
export function analyticsConfig(
  settings: Pick<SiteSettings, 'posthog_key' | 'posthog_host'>,
  hostname: string,
): AnalyticsConfig | null {
  const key = settings.posthog_key?.trim();
  if (!key) return null;
  return {
    key,
    host: settings.posthog_host?.trim() || DEFAULT_POSTHOG_HOST,
    sessionRecording: !isLocalOrIpHost(hostname),
  };
}

export interface Analytics {
  /** Decides from the settings whether analytics runs; loads the library later, off the first paint. */
  start(settings: Pick<SiteSettings, 'posthog_key' | 'posthog_host'>): void;
  identify(user: { id: string; email: string }): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

export interface AnalyticsOptions {
  load?: () => Promise<PostHogLike>;
  hostname?: () => string;
  /** Runs the load once the page is idle; tests run it at once. */
  schedule?: (task: () => void) => void;
  timeoutMs?: number;
}

type Call = (posthog: PostHogLike) => void;

/**
 * posthog-js is about 120 KB gzipped, so it is never part of the first paint: it is imported only
 * when a key is configured, after the document has loaded and the browser is idle. Calls made
 * meanwhile are queued and replayed.
 */
export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const {
    load = loadPostHog,
    hostname = () => globalThis.location?.hostname ?? '',
    schedule = afterDocumentReady,
    timeoutMs = ANALYTICS_LOAD_TIMEOUT_MS,
  } = options;
  let state: 'undecided' | 'loading' | 'ready' | 'off' = 'undecided';
  let client: PostHogLike | null = null;
  let queue: Call[] = [];

  const run = (call: Call) => {
    if (state === 'ready' && client) call(client);
    else if ((state === 'undecided' || state === 'loading') && queue.length < MAX_QUEUED_CALLS) queue.push(call);
  };

  const turnOff = () => {
    state = 'off';
    queue = [];
  };

  return {
    start(settings) {
      if (state !== 'undecided') return;
      const config = analyticsConfig(settings, hostname());
      if (!config) {
        turnOff();
        return;
      }
      state = 'loading';
      schedule(() => {
        withTimeout(load(), timeoutMs).then(
          (posthog) => {
            posthog.init(config.key, {
              api_host: config.host,
              person_profiles: 'identified_only',
              capture_pageview: 'history_change',
              disable_session_recording: !config.sessionRecording,
            });
            client = posthog;
            state = 'ready';
            const pending = queue;
            queue = [];
            for (const call of pending) call(posthog);
          },
          // Analytics must never break the app: without the library the app simply runs untracked.
          turnOff,
        );
      });
    },
    identify(user) {
      run((posthog) => posthog.identify(user.id, { email: user.email }));
    },
    capture(event, properties) {
      run((posthog) => posthog.capture(event, properties));
    },
    reset() {
      run((posthog) => posthog.reset());
    },
  };
}

async function loadPostHog(): Promise<PostHogLike> {
  const module = await import('posthog-js');
  return module.default as unknown as PostHogLike;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Analytics did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Waits for the load event (looking again every 500 ms), then for an idle moment. */
export function afterDocumentReady(task: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 5_000 });
    else setTimeout(task, 0);
  };
  const check = () => {
    if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle();
    else setTimeout(check, DOCUMENT_READY_RETRY_MS);
  };
  check();
}
