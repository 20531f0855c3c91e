import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, primeSiteSettings } from '@mako/api-client';
import { AppProviders } from './app-providers.tsx';
import { createAnalytics } from './lib/site/analytics.ts';
import { createAuth } from './lib/sign-in/auth.ts';
import { renderWhenLoaded } from './lib/app-start/first-render.ts';
import { siteSettingsOfPage } from './lib/site/site-settings.ts';
import { createUnauthorizedHandler } from './lib/sign-in/unauthorized.ts';
import { createAppRouter } from './router.tsx';
import type { AppRouter } from './router.tsx';

/** How long the first render waits for the first page's code and data (see renderWhenLoaded). */
const FIRST_LOAD_WAIT_MS = 1500;

/**
 * Starts the app in three tasks: evaluating the entry's modules (the one that calls this), making
 * the query client and the router, then loading the first page and rendering it. As one task they
 * took about 40 ms on a desktop, four times that on the phones Lighthouse stands for, and the
 * browser could neither paint nor answer input during any of it; apart, each is short.
 */
async function startApp() {
  await nextTask();

  let router: AppRouter | null = null;
  const queryClient = createQueryClient({ onUnauthorized: createUnauthorizedHandler(() => router) });
  const analytics = createAnalytics();
  const auth = createAuth({ queryClient, analytics });
  primeSiteSettings(queryClient, siteSettingsOfPage(document));
  router = createAppRouter({ queryClient, auth, analytics });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const root = createRoot(container);

  await nextTask();
  const appRouter = router;
  void renderWhenLoaded(
    () => appRouter.load(),
    () =>
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppProviders queryClient={queryClient}>
              <RouterProvider router={appRouter} />
            </AppProviders>
          </StrictMode>,
        ),
      ),
    FIRST_LOAD_WAIT_MS,
  );
}

/** Resolves in a later task: the browser may handle input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void startApp();
