import type { SiteSettings } from '@mako/contract';
import type { AnalyticsOptions, PostHogLike } from './analytics.ts';

// What a site with analytics loads once the page is idle, with posthog-js (analytics.ts decides).

/** SPEC §9: give up on loading the analytics library after a minute. */
export const ANALYTICS_LOAD_TIMEOUT_MS = 60_000;
const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

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
  siteSettings: Pick<SiteSettings, 'posthog_key' | 'posthog_host'>,
  hostname: string,
): AnalyticsConfig | null {
  const key = siteSettings.posthog_key?.trim();
  if (!key) return null;
  return {
    key,
    host: siteSettings.posthog_host?.trim() || DEFAULT_POSTHOG_HOST,
    sessionRecording: !isLocalOrIpHost(hostname),
  };
}

/** Loads posthog-js (within the timeout) and sets it up for this site; rejects when it does not come. */
export async function startPostHog(
  siteSettings: Pick<SiteSettings, 'posthog_key' | 'posthog_host'>,
  options: AnalyticsOptions,
): Promise<PostHogLike> {
  const {
    load = loadPostHog,
    hostname = () => globalThis.location?.hostname ?? '',
    timeoutMs = ANALYTICS_LOAD_TIMEOUT_MS,
  } = options;
  const config = analyticsConfig(siteSettings, hostname());
  if (!config) throw new Error('Analytics has no key');
  const posthog = await withTimeout(load(), timeoutMs);
  posthog.init(config.key, {
    api_host: config.host,
    person_profiles: 'identified_only',
    capture_pageview: 'history_change',
    disable_session_recording: !config.sessionRecording,
  });
  return posthog;
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
