import type { ResponseOf } from '@mako/contract';
import * as fx from '../fixtures.ts';
import { errorResponse, readJson, type MockRequestInfo } from '../mock-endpoint.ts';
import { emptyList, issue, notFound, paginate, serverError, type EndpointMocks } from './shared.ts';

const accessToken = (): ResponseOf<'login'> => ({ access_token: fx.mockAccessToken(), token_type: 'bearer' });

async function namedToken<T extends { token: { name: string } }>(info: MockRequestInfo, created: T): Promise<T> {
  const body = (await readJson(info.request)) as { name?: unknown } | undefined;
  return typeof body?.name === 'string' && body.name.trim()
    ? { ...created, token: { ...created.token, name: body.name.trim() } }
    : created;
}

/** Signing in, the site, access tokens, the subscription and the survey. */
export const accountMocks = {
  // ---- Auth server
  login: { success: accessToken, error: () => errorResponse(400, 'Incorrect email or password') },
  loginMagicLink: {
    success: accessToken,
    error: () => errorResponse(400, 'This login link is invalid or has expired'),
  },
  sendMagicLink: {
    success: () => ({ message: fx.messages.magicLinkSent }),
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },
  sendVerificationEmail: {
    success: () => ({ message: fx.messages.verificationSent }),
    error: () => errorResponse(422, issue(['body', 'email'], 'Invalid email address')),
  },
  register: {
    success: () => ({ token: accessToken(), user: fx.user }),
    error: () => errorResponse(400, 'This verification link is invalid or has expired'),
  },
  loginGoogle: { success: accessToken, error: () => errorResponse(400, 'Invalid Google credential') },
  me: { success: () => fx.user, error: () => errorResponse(401, 'Could not validate credentials') },
  changePassword: { success: accessToken, error: () => errorResponse(400, 'Current password is incorrect') },
  logoutAll: {
    success: () => ({ message: fx.messages.loggedOutEverywhere }),
    error: () => errorResponse(401, 'Could not validate credentials'),
  },

  // ---- Site
  getSettings: { success: () => fx.settings, error: () => errorResponse(503, 'Database unavailable') },
  getAuthServer: { success: () => fx.authServer, error: () => errorResponse(503, 'Database unavailable') },
  authMe: { success: () => fx.authMe, error: () => errorResponse(401, 'Could not validate credentials') },
  health: { success: () => fx.health, error: () => errorResponse(503, 'Database unavailable') },

  // ---- Tokens
  listApiTokens: { success: ({ url }) => paginate(fx.apiTokens, url), empty: emptyList, error: serverError },
  createApiToken: {
    success: (info) => namedToken(info, fx.apiTokenCreated),
    error: () => errorResponse(422, issue(['body', 'name'], 'Name is required')),
  },
  revokeApiToken: { success: () => ({ message: fx.messages.tokenRevoked }), error: notFound('Token') },
  listRegistryTokens: { success: ({ url }) => paginate(fx.registryTokens, url), empty: emptyList, error: serverError },
  createRegistryToken: {
    success: (info) => namedToken(info, fx.registryTokenCreated),
    error: () => errorResponse(422, issue(['body', 'name'], 'Name is required')),
  },
  revokeRegistryToken: { success: () => ({ message: fx.messages.tokenRevoked }), error: notFound('Token') },

  // ---- Subscription and survey
  listPlans: { success: () => fx.plans, empty: () => [], error: () => errorResponse(503, 'Service Unavailable') },
  getSubscription: { success: () => fx.subscription, error: serverError },
  createCheckout: {
    success: () => fx.checkoutSession,
    error: () => errorResponse(400, 'You are already on this plan'),
  },
  confirmCheckout: { success: () => fx.proSubscription, error: notFound('Checkout session') },
  submitSurvey: {
    success: () => fx.surveyResponse,
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },
} satisfies Partial<EndpointMocks>;
