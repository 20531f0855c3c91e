import * as z from 'zod/mini';
import { Message, PagingQuery, listAnswer } from '../common.ts';
import {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  CheckoutConfirm,
  CheckoutCreate,
  CheckoutSession,
  Plan,
  RegistryToken,
  RegistryTokenCreate,
  RegistryTokenCreated,
  ServeRequest,
  ServeRequestCreate,
  ServeRequestId,
  Subscription,
  SurveyResponse,
  SurveyResponseCreate,
  TokenId,
} from '../account.ts';
import { def } from '../endpoint-def.ts';
import { API_TOKENS_PATH, SERVE_REQUESTS_PATH } from '../paths.ts';

/* What an account holds: API and registry tokens, serve requests, the plan, the survey. */

// ---- API tokens -----------------------------------------------------------------------------
export const listApiTokens = def({
  method: 'GET',
  path: API_TOKENS_PATH,
  summary: 'Your API tokens',
  auth: 'bearer',
  scope: 'signed-in',
  query: PagingQuery,
  response: listAnswer(ApiToken),
  spec: false,
  group: 'product',
});
export const createApiToken = def({
  method: 'POST',
  path: API_TOKENS_PATH,
  summary: 'Create an API token; the secret is in this answer only',
  auth: 'bearer',
  scope: 'signed-in',
  body: ApiTokenCreate,
  response: ApiTokenCreated,
  spec: false,
  group: 'product',
});
export const revokeApiToken = def({
  method: 'DELETE',
  path: '/tokens/{token_id}',
  summary: 'Revoke an API token',
  auth: 'bearer',
  scope: 'signed-in',
  params: TokenId,
  response: Message,
  errors: [404],
  spec: false,
  group: 'product',
});

// ---- Container-registry tokens --------------------------------------------------------------
export const listRegistryTokens = def({
  method: 'GET',
  path: '/registry-tokens',
  summary: 'Your container-registry tokens',
  auth: 'bearer',
  scope: 'signed-in',
  query: PagingQuery,
  response: listAnswer(RegistryToken),
  spec: false,
  group: 'product',
});
export const createRegistryToken = def({
  method: 'POST',
  path: '/registry-tokens',
  summary: 'Create a container-registry token; the secret is in this answer only',
  auth: 'bearer',
  scope: 'signed-in',
  body: RegistryTokenCreate,
  response: RegistryTokenCreated,
  spec: false,
  group: 'product',
});
export const revokeRegistryToken = def({
  method: 'DELETE',
  path: '/registry-tokens/{token_id}',
  summary: 'Revoke a container-registry token',
  auth: 'bearer',
  scope: 'signed-in',
  params: TokenId,
  response: Message,
  errors: [404],
  spec: false,
  group: 'product',
});

// ---- Serve requests -------------------------------------------------------------------------
export const listServeRequests = def({
  method: 'GET',
  path: SERVE_REQUESTS_PATH,
  summary: 'Your serve requests, newest first',
  auth: 'bearer',
  scope: 'read',
  query: PagingQuery,
  response: listAnswer(ServeRequest),
  spec: false,
  group: 'product',
});
export const createServeRequest = def({
  method: 'POST',
  path: SERVE_REQUESTS_PATH,
  summary: 'Turn the best known setup for a model and hardware into a launch command',
  auth: 'bearer',
  scope: 'serve_requests:write',
  body: ServeRequestCreate,
  response: ServeRequest,
  spec: false,
  group: 'product',
});
export const getServeRequest = def({
  method: 'GET',
  path: '/serve-requests/{request_id}',
  summary: 'One serve request',
  auth: 'bearer',
  scope: 'read',
  params: ServeRequestId,
  response: ServeRequest,
  errors: [404],
  spec: false,
  group: 'product',
});
export const deleteServeRequest = def({
  method: 'DELETE',
  path: '/serve-requests/{request_id}',
  summary: 'Delete a serve request',
  auth: 'bearer',
  scope: 'serve_requests:write',
  params: ServeRequestId,
  response: Message,
  errors: [404],
  spec: false,
  group: 'product',
});

// ---- Subscription ---------------------------------------------------------------------------
export const listPlans = def({
  method: 'GET',
  path: '/subscription/plans',
  summary: 'Available plans',
  auth: 'optional',
  scope: 'read',
  response: z.array(Plan),
  spec: false,
  group: 'product',
});
export const getSubscription = def({
  method: 'GET',
  path: '/subscription',
  summary: 'Your current plan',
  auth: 'bearer',
  scope: 'signed-in',
  response: Subscription,
  spec: false,
  group: 'product',
});
export const createCheckout = def({
  method: 'POST',
  path: '/subscription/checkout',
  summary: 'Start a checkout for a plan',
  auth: 'bearer',
  scope: 'signed-in',
  body: CheckoutCreate,
  response: CheckoutSession,
  errors: [400],
  spec: false,
  group: 'product',
});
export const confirmCheckout = def({
  method: 'POST',
  path: '/subscription/confirm',
  summary: 'Confirm a completed checkout and activate its plan',
  auth: 'bearer',
  scope: 'signed-in',
  body: CheckoutConfirm,
  response: Subscription,
  errors: [400, 404],
  spec: false,
  group: 'product',
});

// ---- Survey -----------------------------------------------------------------------------------
export const submitSurvey = def({
  method: 'POST',
  path: '/surveys/ai-meetup',
  summary: 'Answer the AI meetup survey',
  auth: 'optional',
  scope: 'signed-in',
  body: SurveyResponseCreate,
  response: SurveyResponse,
  errors: [429],
  spec: false,
  group: 'product',
});
