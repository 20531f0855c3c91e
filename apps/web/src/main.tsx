import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@mako/api-client';
import { AppProviders } from './app-providers.tsx';
import { createAnalytics } from './lib/analytics.ts';
import { createAuth } from './lib/auth.ts';
import { createUnauthorizedHandler } from './lib/unauthorized.ts';
import { createAppRouter } from './router.tsx';
import type { AppRouter } from './router.tsx';

let router: AppRouter | null = null;
const queryClient = createQueryClient({ onUnauthorized: createUnauthorizedHandler(() => router) });
const analytics = createAnalytics();
const auth = createAuth({ queryClient, analytics });
router = createAppRouter({ queryClient, auth, analytics });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
