import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetApiClient } from '../src/config.ts';
import { setTokenClock, setTokenStorage } from '../src/token-storage.ts';
import { server } from './server.ts';

// Any request without a handler fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  setTokenStorage(null);
  setTokenClock(null);
  resetApiClient();
});

afterAll(() => server.close());
