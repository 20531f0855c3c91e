import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '../src/lib/site/analytics.ts';
import type { PostHogLike } from '../src/lib/site/analytics.ts';
import { analyticsConfig, isLocalOrIpHost } from '../src/lib/site/posthog-start.ts';

function fakePostHog() {
  const calls: string[] = [];
  let config: Record<string, unknown> | null = null;
  const posthog: PostHogLike = {
    init: (key, options) => {
      calls.push(`init ${key}`);
      config = options;
    },
    identify: (id, properties) => void calls.push(`identify ${id} ${JSON.stringify(properties)}`),
    capture: (event) => void calls.push(`capture ${event}`),
    reset: () => void calls.push('reset'),
  };
  return { posthog, calls, config: () => config };
}

/** Runs the scheduled load when the test says so, standing in for "after the first paint". */
function manualSchedule() {
  const tasks: (() => void)[] = [];
  return { schedule: (task: () => void) => void tasks.push(task), flush: () => tasks.splice(0).forEach((t) => t()) };
}

const withKey = { posthog_key: 'phc_test', posthog_host: 'https://eu.i.posthog.com' };
const withoutKey = { posthog_key: null, posthog_host: null };

describe('isLocalOrIpHost', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '10.0.0.5', '192.168.1.20', '[::1]', '::1', 'fe80::1'])(
    'treats %s as local or IP',
    (host) => expect(isLocalOrIpHost(host)).toBe(true),
  );
  it.each(['makooptimize.com', 'app.makooptimize.com', '127.example.com'])('treats %s as a real host', (host) =>
    expect(isLocalOrIpHost(host)).toBe(false),
  );
});

describe('analyticsConfig', () => {
  it('is off without a key, including a blank one', () => {
    expect(analyticsConfig(withoutKey, 'app.makooptimize.com')).toBeNull();
    expect(analyticsConfig({ posthog_key: '  ', posthog_host: null }, 'app.makooptimize.com')).toBeNull();
  });

  it('records sessions only on real hosts', () => {
    expect(analyticsConfig(withKey, 'app.makooptimize.com')).toEqual({
      key: 'phc_test',
      host: 'https://eu.i.posthog.com',
      sessionRecording: true,
    });
    expect(analyticsConfig(withKey, 'localhost')?.sessionRecording).toBe(false);
    expect(analyticsConfig(withKey, '203.0.113.7')?.sessionRecording).toBe(false);
  });
});

describe('createAnalytics', () => {
  it('never loads posthog-js when the settings carry no key', () => {
    const load = vi.fn(async () => fakePostHog().posthog);
    const { schedule, flush } = manualSchedule();
    const analytics = createAnalytics({ load, schedule, hostname: () => 'app.makooptimize.com' });
    analytics.identify({ id: 'u1', email: 'a@example.com' });
    analytics.start(withoutKey);
    flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads only once the scheduler runs, then replays queued calls in order', async () => {
    const fake = fakePostHog();
    const load = vi.fn(async () => fake.posthog);
    const { schedule, flush } = manualSchedule();
    const analytics = createAnalytics({ load, schedule, hostname: () => 'app.makooptimize.com' });
    analytics.start(withKey);
    analytics.identify({ id: 'u1', email: 'a@example.com' });
    analytics.capture('user signed up');
    expect(load).not.toHaveBeenCalled();

    flush();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    expect(fake.calls).toEqual(['init phc_test', 'identify u1 {"email":"a@example.com"}', 'capture user signed up']);
    expect(fake.config()).toMatchObject({ api_host: 'https://eu.i.posthog.com', disable_session_recording: false });

    analytics.reset();
    expect(fake.calls.at(-1)).toBe('reset');
  });

  it('turns session recording off on localhost', async () => {
    const fake = fakePostHog();
    const { schedule, flush } = manualSchedule();
    const analytics = createAnalytics({ load: async () => fake.posthog, schedule, hostname: () => 'localhost' });
    analytics.start(withKey);
    flush();
    await vi.waitFor(() => expect(fake.config()).not.toBeNull());
    expect(fake.config()).toMatchObject({ disable_session_recording: true });
  });

  it('gives up when the library does not arrive within the timeout, and ignores it when it comes later', async () => {
    const fake = fakePostHog();
    let deliver: (posthog: PostHogLike) => void = () => undefined;
    const { schedule, flush } = manualSchedule();
    const analytics = createAnalytics({
      load: () => new Promise<PostHogLike>((resolve) => (deliver = resolve)),
      schedule,
      timeoutMs: 10,
      hostname: () => 'app.makooptimize.com',
    });
    analytics.start(withKey);
    analytics.capture('before the timeout');
    flush();
    await new Promise((resolve) => setTimeout(resolve, 30));
    deliver(fake.posthog);
    analytics.capture('after the timeout');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls).toEqual([]);
  });
});
