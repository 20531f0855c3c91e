import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { clearToken, createQueryClient, resetApiClient, setToken } from '@mako/api-client';
import { handlerFor, handlers, mockAccessToken } from '@mako/api-client/mocks';
import type { HttpHandler } from 'msw';
import { AppProviders } from '../app-providers.tsx';
import { createAnalytics } from '../lib/site/analytics.ts';
import { createAuth } from '../lib/sign-in/auth.ts';
import { createUnauthorizedHandler } from '../lib/sign-in/unauthorized.ts';
import { createAppRouter } from '../router.tsx';
import type { AppRouter } from '../router.tsx';

export interface AppStoryProps {
  /** Where the app starts, e.g. '/tuning-sessions'. */
  path: string;
  /** Starts with a valid stored token (the fixture user). */
  signedIn?: boolean;
}

/**
 * The whole routed app (router, query client, auth, shell) in memory history, talking to the
 * api-client's msw handlers: what the user gets at `path`, minus the real server.
 */
export function AppStory({ path, signedIn = true }: AppStoryProps) {
  const [app] = useState(() => {
    // Module state of the API client must not leak from one story into the next.
    resetApiClient();
    if (signedIn) setToken(mockAccessToken());
    else clearToken();
    let router: AppRouter | null = null;
    const queryClient = createQueryClient({ maxRetries: 0, onUnauthorized: createUnauthorizedHandler(() => router) });
    // No analytics library is ever fetched in a story.
    const analytics = createAnalytics({ load: () => Promise.reject(new Error('no analytics in stories')) });
    const auth = createAuth({ queryClient, analytics });
    router = createAppRouter(
      { queryClient, auth, analytics },
      { history: createMemoryHistory({ initialEntries: [path] }), pendingMs: 0 },
    );
    return { queryClient, router };
  });
  // The browser's storage outlives the story; the next one starts signed out unless it says otherwise.
  useEffect(() => () => clearToken(), []);
  return (
    <AppProviders queryClient={app.queryClient}>
      <RouterProvider router={app.router} />
    </AppProviders>
  );
}

/** Settings and the signed-in user always answer, so that a page's own scenario is what the story shows. */
const shell = (): HttpHandler[] => [handlerFor('getSettings', 'success'), handlerFor('me', 'success')];

/** The handler sets of a connected page story: msw takes the first handler that matches. */
export const scenarios = {
  success: (): HttpHandler[] => handlers.success,
  empty: (): HttpHandler[] => [...shell(), ...handlers.empty],
  error: (): HttpHandler[] => [...shell(), ...handlers.error],
  loading: (): HttpHandler[] => [...shell(), ...handlers.loading],
};

/**
 * What every page story file's meta holds but its title (which Storybook reads from the file, so
 * it stays there): the whole app at `path`, full-bleed, with every request answered.
 */
export const pageStoryMeta = (path: string, args: Partial<AppStoryProps> = {}) => ({
  component: AppStory,
  args: { path, ...args },
  parameters: { padded: false, msw: { handlers: scenarios.success() } },
});
