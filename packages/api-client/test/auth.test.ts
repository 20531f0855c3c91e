import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AuthError,
  fetchCurrentUser,
  isNewAccount,
  loginWithGoogle,
  loginWithMagicLink,
  loginWithPassword,
  registerWithVerificationToken,
  sendMagicLink,
  sendVerificationEmail,
} from '../src/auth.ts';
import { getApiBase } from '../src/config.ts';
import { mockEndpoint, errorResponse } from '../src/mocks/mock-endpoint.ts';
import { handlers } from '../src/mocks/handlers.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { recordRequests, server } from './server.ts';

/** Another origin than the page's, so the tests see that auth calls follow the settings. */
const AUTH_URL = 'http://auth.example.test/api/v1/login/access-token';

beforeEach(() => {
  // server.use() prepends, so the settings override goes in after the defaults.
  server.use(...handlers.success);
  server.use(
    mockEndpoint('getSettings', () => ({
      ...fx.settings,
      auth_server: { url: AUTH_URL, application_name: 'MakoOptimize' },
    })),
  );
});

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return error as AuthError;
  }
  throw new Error('the action did not fail');
}

describe('password login', () => {
  it('loads the settings once, posts the form to the auth server and returns the access token', async () => {
    const log = recordRequests();
    const token = await loginWithPassword({ username: 'ada@example.com', password: 'hunter22hunter', scope: '' });
    expect(token.split('.')).toHaveLength(3);
    expect(log.calls).toEqual(['GET /api/v1/settings', 'POST /api/v1/login/access-token']);
    expect(log.requests[1]?.url).toBe(AUTH_URL);
    expect(await log.requests[1]?.text()).toBe('username=ada%40example.com&password=hunter22hunter');
    expect(getApiBase()).toBe('http://auth.example.test/api/v1');
  });

  it("shows the server's detail", async () => {
    server.use(mockEndpoint('login', () => errorResponse(400, 'Incorrect email or password')));
    const error = await rejection(loginWithPassword({ username: 'a@b.co', password: 'x' }));
    expect(error.message).toBe('Incorrect email or password');
    expect(error.status).toBe(400);
  });

  it("falls back to 'Login failed'", async () => {
    server.use(mockEndpoint('login', () => new Response(null, { status: 500 })));
    expect((await rejection(loginWithPassword({ username: 'a@b.co', password: 'x' }))).message).toBe('Login failed');
  });

  it("uses the fallback 'Login failed' when the server is unreachable", async () => {
    server.use(mockEndpoint('login', () => HttpResponse.error()));
    expect((await rejection(loginWithPassword({ username: 'a@b.co', password: 'x' }))).message).toBe('Login failed');
  });
});

describe('registration (verify-email token redemption)', () => {
  it('returns the access token and the user', async () => {
    const log = recordRequests();
    const { accessToken, user } = await registerWithVerificationToken('verify-123');
    expect(accessToken.split('.')).toHaveLength(3);
    expect(user).toEqual(fx.user);
    expect(await log.requests[1]?.json()).toEqual({ email_verification_token: 'verify-123' });
  });

  it("raises 'Unknown error' when the answer lacks token.access_token", async () => {
    server.use(mockEndpoint('register', () => ({ user: fx.user })));
    expect((await rejection(registerWithVerificationToken('verify-123'))).message).toBe('Unknown error');
  });

  it("shows the server's detail, or 'Registration failed'", async () => {
    server.use(mockEndpoint('register', () => errorResponse(400, 'This verification link is invalid or has expired')));
    expect((await rejection(registerWithVerificationToken('t'))).message).toBe(
      'This verification link is invalid or has expired',
    );
    server.use(mockEndpoint('register', () => HttpResponse.json({}, { status: 502 })));
    expect((await rejection(registerWithVerificationToken('t'))).message).toBe('Registration failed');
  });
});

describe('Google login', () => {
  it('posts the ID token and returns the access token', async () => {
    const log = recordRequests();
    expect((await loginWithGoogle('google-id-token')).length).toBeGreaterThan(20);
    expect(log.calls[1]).toBe('POST /api/v1/login/google');
    expect(await log.requests[1]?.json()).toEqual({ id_token: 'google-id-token' });
  });

  it("shows the server's detail, or 'Login with Google failed'", async () => {
    server.use(mockEndpoint('loginGoogle', () => errorResponse(400, 'Invalid Google credential')));
    expect((await rejection(loginWithGoogle('x'))).message).toBe('Invalid Google credential');
    server.use(mockEndpoint('loginGoogle', () => new Response('', { status: 503 })));
    expect((await rejection(loginWithGoogle('x'))).message).toBe('Login with Google failed');
  });
});

describe('magic link', () => {
  it("sends {email, application} with the settings' application name", async () => {
    const log = recordRequests();
    expect(await sendMagicLink('ada@example.com')).toBe(fx.messages.magicLinkSent);
    expect(await log.requests[1]?.json()).toEqual({ email: 'ada@example.com', application: 'MakoOptimize' });
  });

  it("shows the server's detail, or 'Failed to send magic link'", async () => {
    server.use(
      mockEndpoint('sendMagicLink', () => errorResponse(429, 'Too many requests, please try again in a minute')),
    );
    expect((await rejection(sendMagicLink('a@b.co'))).message).toBe('Too many requests, please try again in a minute');
    server.use(mockEndpoint('sendMagicLink', () => new Response(null, { status: 500 })));
    expect((await rejection(sendMagicLink('a@b.co'))).message).toBe('Failed to send magic link');
  });

  it('shows the message of a 422 issue as the detail', async () => {
    server.use(
      mockEndpoint('sendMagicLink', () =>
        errorResponse(422, [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' }]),
      ),
    );
    expect((await rejection(sendMagicLink('nope'))).message).toBe('Invalid email address');
  });

  it('redeems the magic-link token for the access token', async () => {
    const log = recordRequests();
    expect((await loginWithMagicLink('magic-1')).split('.')).toHaveLength(3);
    expect(log.calls[1]).toBe('POST /api/v1/login/magic-link');
    expect(await log.requests[1]?.json()).toEqual({ token: 'magic-1' });
    server.use(mockEndpoint('loginMagicLink', () => errorResponse(400, 'This login link is invalid or has expired')));
    expect((await rejection(loginWithMagicLink('magic-1'))).message).toBe('This login link is invalid or has expired');
  });
});

describe('send verification e-mail', () => {
  it.each([
    { sent: 'Check your inbox', shown: 'Check your inbox' },
    // With no message of the server's, the default one.
    { sent: '', shown: 'Verification link sent successfully! Please check your email.' },
  ])(
    'returns {success, error, message} with the message $shown when the server sends $sent',
    async ({ sent, shown }) => {
      server.use(mockEndpoint('sendVerificationEmail', () => ({ message: sent })));
      expect(await sendVerificationEmail('ada@example.com')).toEqual({ success: true, error: null, message: shown });
    },
  );

  it("reports the server's detail, or 'Failed to send verification email', without throwing", async () => {
    server.use(mockEndpoint('sendVerificationEmail', () => errorResponse(429, 'Slow down')));
    expect(await sendVerificationEmail('a@b.co')).toEqual({ success: false, error: 'Slow down', message: null });
    server.use(mockEndpoint('sendVerificationEmail', () => HttpResponse.error()));
    expect(await sendVerificationEmail('a@b.co')).toEqual({
      success: false,
      error: 'Failed to send verification email',
      message: null,
    });
  });

  it("reports 'Auth server URL is not available' without throwing", async () => {
    server.use(mockEndpoint('getSettings', () => errorResponse(503, 'Database unavailable')));
    expect(await sendVerificationEmail('a@b.co')).toEqual({
      success: false,
      error: 'Auth server URL is not available',
      message: null,
    });
  });
});

describe("'Auth server URL is not available'", () => {
  it('when the settings name an auth server URL that is not http(s)', async () => {
    server.use(
      mockEndpoint('getSettings', () => ({
        ...fx.settings,
        auth_server: { url: 'ftp://files.example.test/login/access-token', application_name: 'Mako' },
      })),
    );
    const log = recordRequests();
    expect((await rejection(loginWithPassword({ username: 'a@b.co', password: 'x' }))).message).toBe(
      'Auth server URL is not available',
    );
    expect(log.calls).toEqual(['GET /api/v1/settings']);
  });

  it('when the settings cannot be loaded', async () => {
    server.use(mockEndpoint('getSettings', () => HttpResponse.error()));
    expect((await rejection(sendMagicLink('a@b.co'))).message).toBe('Auth server URL is not available');
    expect((await rejection(loginWithGoogle('x'))).message).toBe('Auth server URL is not available');
  });
});

describe('current user', () => {
  const token = () => fx.mockAccessToken(600);

  it('is anonymous without a stored token, and asks nobody', async () => {
    const log = recordRequests();
    expect(await fetchCurrentUser()).toEqual({ status: 'anonymous' });
    expect(log.calls).toEqual([]);
  });

  it('fetches GET /users/me with the bearer token', async () => {
    const stored = token();
    localStorage.setItem('access_token', stored);
    const log = recordRequests();
    expect(await fetchCurrentUser()).toEqual({ status: 'authenticated', user: fx.user });
    expect(log.calls[1]).toBe('GET /api/v1/users/me');
    expect(log.requests[1]?.headers.get('authorization')).toBe(`Bearer ${stored}`);
  });

  it('a 401 clears the token and resolves to anonymous instead of an error', async () => {
    localStorage.setItem('access_token', token());
    server.use(mockEndpoint('me', () => errorResponse(401, 'Could not validate credentials')));
    expect(await fetchCurrentUser()).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("another failure gives 'Failed to fetch user data' and keeps the token", async () => {
    const stored = token();
    localStorage.setItem('access_token', stored);
    server.use(mockEndpoint('me', () => errorResponse(500, 'Internal Server Error')));
    const error = await rejection(fetchCurrentUser());
    expect(error.message).toBe('Failed to fetch user data');
    expect(error.status).toBe(500);
    expect(localStorage.getItem('access_token')).toBe(stored);
  });
});

describe('isNewAccount', () => {
  it('counts accounts created within the last 300 s', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(isNewAccount({ created_at: '2026-01-01T11:55:00Z' }, now)).toBe(true);
    expect(isNewAccount({ created_at: '2026-01-01T11:54:59Z' }, now)).toBe(false);
    expect(isNewAccount({ created_at: 'garbage' }, now)).toBe(false);
  });
});
