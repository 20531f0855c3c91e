import { createMemoryHistory } from '@tanstack/react-router';
import { ACCESS_TOKEN_KEY, createQueryClient } from '@mako/api-client';
import { mockAccessToken } from '@mako/api-client/mocks';
import type { Analytics } from '../src/lib/site/analytics.ts';
import { createAuth } from '../src/lib/sign-in/auth.ts';
import { createAppRouter } from '../src/router.tsx';

const silentAnalytics: Analytics = {
  start: () => undefined,
  identify: () => undefined,
  capture: () => undefined,
  reset: () => undefined,
};

/** The app's router for a signed-in user, at `path`, not yet loaded. */
export function signedInRouter(path: string, queryClient = createQueryClient()) {
  localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(3600));
  return createAppRouter(
    { queryClient, auth: createAuth({ queryClient, analytics: silentAnalytics }), analytics: silentAnalytics },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
}
