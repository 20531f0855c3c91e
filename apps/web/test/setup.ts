import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetApiClient, setTokenClock, setTokenStorage } from '@mako/api-client';

/** One msw server for the run; each test installs the handlers it relies on with server.use(). */
export const server = setupServer();

// A request without a handler fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  setTokenStorage(null);
  setTokenClock(null);
  resetApiClient();
});

afterAll(() => server.close());
