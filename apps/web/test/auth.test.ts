import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  AuthError,
  authKeys,
  benchmarkKeys,
  createQueryClient,
  getStoredToken,
  siteSettingsQueryOptions,
  siteKeys,
  type SignInFlow,
  type SignInRequest,
} from '@mako/api-client';
import { errorResponse, fixtures, handlers, mockAccessToken, mockEndpoint } from '@mako/api-client/mocks';
import type { Analytics } from '../src/lib/site/analytics.ts';
import { SIGN_UP_EVENT } from '../src/lib/site/analytics.ts';
import { createAuth } from '../src/lib/sign-in/auth.ts';
import { server } from './setup.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function recordingAnalytics() {
  const calls: string[] = [];
  const analytics: Analytics = {
    start: () => undefined,
    identify: (user) => void calls.push(`identify ${user.id} ${user.email}`),
    capture: (event, properties) => void calls.push(`capture ${event} ${JSON.stringify(properties)}`),
    reset: () => void calls.push('reset'),
  };
  return { analytics, calls };
}

/** GET /users/me answers with the fixture user created `ageSeconds` before NOW, and counts calls. */
function userCreatedAgo(ageSeconds: number) {
  const seen = { count: 0 };
  server.use(
    mockEndpoint('me', () => {
      seen.count += 1;
      return { ...fixtures.user, created_at: new Date(NOW - ageSeconds * 1000).toISOString() };
    }),
  );
  return seen;
}

function setup() {
  const queryClient = createQueryClient({ maxRetries: 0 });
  const { analytics, calls } = recordingAnalytics();
  const auth = createAuth({ queryClient, analytics, now: () => NOW });
  return { queryClient, auth, calls };
}

/** A request of each flow; the success handlers redeem every one of them for a fresh token. */
const REQUESTS: { [F in SignInFlow]: Extract<SignInRequest, { flow: F }> } = {
  password: { flow: 'password', credentials: { username: 'ada@example.com', password: 'pw-1234567' } },
  'magic-link': { flow: 'magic-link', token: 'magic-token' },
  registration: { flow: 'registration', token: 'verification-token' },
  google: { flow: 'google', idToken: 'google-id-token' },
};

beforeEach(() => {
  server.use(...handlers.success);
});

describe('signIn', () => {
  it.each<[SignInFlow, number, boolean]>([
    ['magic-link', 60, true],
    ['registration', 299, true],
    ['registration', 300, true],
    ['magic-link', 301, false],
    ['registration', 3600, false],
    ['password', 60, false],
    ['google', 60, false],
  ])('in the %s flow, an account created %i s ago records the sign-up: %s', async (flow, age, recorded) => {
    userCreatedAgo(age);
    const { auth, calls } = setup();
    await auth.signIn(REQUESTS[flow]);
    expect(calls).toContain(`identify ${fixtures.user.id} ${fixtures.user.email}`);
    expect(calls.some((call) => call.startsWith(`capture ${SIGN_UP_EVENT}`))).toBe(recorded);
  });

  it('stores the token and fetches the user again even when one is cached', async () => {
    const seen = userCreatedAgo(10_000);
    const { auth, queryClient } = setup();
    queryClient.setQueryData(authKeys.currentUser(), { status: 'anonymous' });
    queryClient.setQueryData(benchmarkKeys.settingList({}), { data: [], count: 0 });
    const token = mockAccessToken();
    server.use(mockEndpoint('login', () => ({ access_token: token, token_type: 'bearer' })));

    const user = await auth.signIn(REQUESTS.password);

    expect(user.email).toBe(fixtures.user.email);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    expect(seen.count).toBe(1);
    expect(queryClient.getQueryData(authKeys.currentUser())).toEqual({ status: 'authenticated', user });
    // Data cached for the previous identity is gone.
    expect(queryClient.getQueryData(benchmarkKeys.settingList({}))).toBeUndefined();
  });

  it('fails and drops the token when the server answers the user fetch with 401', async () => {
    server.use(mockEndpoint('me', () => errorResponse(401, 'Could not validate credentials')));
    const { auth, calls } = setup();
    await expect(auth.signIn(REQUESTS['magic-link'])).rejects.toThrow(AuthError);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('hasValidToken', () => {
  it('is true for a stored token with exp in the future', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(60));
    expect(setup().auth.hasValidToken()).toBe(true);
  });

  it('is false without a token', () => {
    expect(setup().auth.hasValidToken()).toBe(false);
  });

  it('removes an expired token', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(-1));
    expect(setup().auth.hasValidToken()).toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('removes a token that is not a JWT', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'not-a-jwt');
    expect(setup().auth.hasValidToken()).toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('signOut', () => {
  it('clears the token, the signed-in data and the analytics identity, and keeps the site settings', async () => {
    userCreatedAgo(10_000);
    const { auth, queryClient, calls } = setup();
    await queryClient.fetchQuery(siteSettingsQueryOptions());
    await auth.signIn(REQUESTS.password);
    queryClient.setQueryData(benchmarkKeys.settingList({}), { data: [], count: 0 });

    auth.signOut();

    expect(getStoredToken()).toBeNull();
    expect(queryClient.getQueryData(authKeys.currentUser())).toEqual({ status: 'anonymous' });
    expect(queryClient.getQueryData(benchmarkKeys.settingList({}))).toBeUndefined();
    expect(queryClient.getQueryData(siteKeys.settings())).toBeDefined();
    expect(calls.at(-1)).toBe('reset');
  });
});
