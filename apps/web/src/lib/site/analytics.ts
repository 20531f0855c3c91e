import type { SiteSettings } from '@mako/contract';

/** SPEC §9: how often to look again whether the document has finished loading. */
export const DOCUMENT_READY_RETRY_MS = 500;
/** The event of SPEC §4, recorded once for an account created within the last five minutes. */
export const SIGN_UP_EVENT = 'user signed up';
/** Calls made before the library is in are replayed; a runaway caller cannot grow the queue forever. */
const MAX_QUEUED_CALLS = 100;

/** The part of posthog-js this app uses. */
export interface PostHogLike {
  init(key: string, config: Record<string, unknown>): unknown;
  identify(distinctId: string, properties?: Record<string, unknown>): void;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  reset(): void;
}

export interface Analytics {
  /** Decides from the site settings whether analytics runs; loads the library later, off the first paint. */
  start(siteSettings: Pick<SiteSettings, 'posthog_key' | 'posthog_host'>): void;
  identify(user: { id: string; email: string }): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

export interface AnalyticsOptions {
  /** Imports posthog-js; tests give a fake. */
  load?: () => Promise<PostHogLike>;
  hostname?: () => string;
  /** Runs the load once the page is idle; tests run it when they say. */
  schedule?: (task: () => void) => void;
  timeoutMs?: number;
}

type Call = (posthog: PostHogLike) => void;

/**
 * posthog-js is about 120 KB gzipped, so it is never part of the first paint: it is imported only
 * when a key is configured, after the document has loaded and the browser is idle. Calls made
 * meanwhile are queued and replayed; analytics never breaks the app: if the library fails to come,
 * the app simply runs untracked.
 */
export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const { schedule = afterDocumentReady } = options;
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
    start(siteSettings) {
      if (state !== 'undecided') return;
      // Without a key nothing more is needed; the rest (the host, recording, the timeout) is in
      // posthog-start.ts, which only a site with analytics loads, with the library.
      if (!siteSettings.posthog_key?.trim()) {
        turnOff();
        return;
      }
      state = 'loading';
      schedule(() => {
        import('./posthog-start.ts')
          .then(({ startPostHog }) => startPostHog(siteSettings, options))
          .then((posthog) => {
            client = posthog;
            state = 'ready';
            const pending = queue;
            queue = [];
            for (const call of pending) call(posthog);
          }, turnOff);
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
