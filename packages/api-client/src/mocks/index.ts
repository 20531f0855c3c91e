export * as fixtures from './fixtures.ts';
export { fixtureId, fixtureMetrics, fixtureTime, mockAccessToken, mockJwt } from './fixtures.ts';
export {
  endpointPattern,
  errorResponse,
  mockEndpoint,
  mockError,
  mockNetworkError,
  readJson,
  type MockOptions,
  type MockRequestInfo,
  type MockResolver,
} from './mock-endpoint.ts';
export {
  SLOW_DELAY_MS,
  endpointMocks,
  endpointNames,
  handlerFor,
  handlers,
  tuningErrorHandlers,
  type EndpointMocks,
  type Scenario,
} from './handlers.ts';
