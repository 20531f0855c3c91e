import type { HttpHandler } from 'msw';
import { API_MESSAGES, endpoints, type EndpointName } from '@mako/contract';
import { errorResponse, mockEndpoint } from './mock-endpoint.ts';
import { accountMocks } from './answers/account.ts';
import { benchmarkMocks } from './answers/benchmarks.ts';
import { shareMocks } from './answers/share.ts';
import type { EndpointMock, EndpointMocks } from './answers/shared.ts';
import { tuningMocks } from './answers/tuning.ts';

export type { EndpointMocks } from './answers/shared.ts';

/** Every endpoint of the contract's table, answered in every scenario (one file per entity in answers/). */
export const endpointMocks: EndpointMocks = { ...accountMocks, ...benchmarkMocks, ...tuningMocks, ...shareMocks };

/** Endpoint names with static paths first, so `/tuning/session/mine` is never taken for a session id. */
export const endpointNames: EndpointName[] = (Object.keys(endpoints) as EndpointName[]).sort(
  (a, b) => paramCount(a) - paramCount(b),
);

function paramCount(name: EndpointName): number {
  return (endpoints[name].path.match(/\{/g) ?? []).length;
}

export type Scenario = 'success' | 'empty' | 'error' | 'slow' | 'loading';

/** How long the `slow` scenario waits before answering. */
export const SLOW_DELAY_MS = 1500;

/** The handler of one endpoint in one scenario. */
export function handlerFor<N extends EndpointName>(name: N, scenario: Scenario): HttpHandler {
  const mock = endpointMocks[name] as EndpointMock<N>;
  switch (scenario) {
    case 'success':
      return mockEndpoint(name, mock.success);
    case 'empty':
      return mockEndpoint(name, mock.empty ?? mock.success);
    case 'error':
      return mockEndpoint(name, mock.error);
    case 'slow':
      return mockEndpoint(name, mock.success, { delay: SLOW_DELAY_MS });
    case 'loading':
      return mockEndpoint(name, mock.success, { delay: 'infinite' });
  }
}

const scenarioHandlers = (scenario: Scenario) => endpointNames.map((name) => handlerFor(name, scenario));

/**
 * Handler sets covering every endpoint. Pass one to `setupServer(...)` or to
 * `parameters.msw.handlers`; put overrides for single endpoints in front of it.
 */
export const handlers: Record<Scenario, HttpHandler[]> = {
  success: scenarioHandlers('success'),
  empty: scenarioHandlers('empty'),
  error: scenarioHandlers('error'),
  slow: scenarioHandlers('slow'),
  loading: scenarioHandlers('loading'),
};

/** The tuning API's named refusals (SPEC §4, §8), for stories and tests of those states. */
export const tuningErrorHandlers = {
  createSessionForbidden: mockEndpoint('createSession', () => errorResponse(403, API_MESSAGES.createSessionForbidden)),
  pendingEvaluations: mockEndpoint('nextConfigs', () => errorResponse(409, API_MESSAGES.pendingEvaluations)),
  searchComplete: mockEndpoint('nextConfigs', () => errorResponse(410, API_MESSAGES.searchComplete)),
  searchError: mockEndpoint('nextConfigs', () => errorResponse(500, API_MESSAGES.searchError)),
};
