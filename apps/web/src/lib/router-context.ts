import type { QueryClient } from '@tanstack/react-query';
import type { Analytics } from './analytics.ts';
import type { AuthController } from './auth.ts';

/** What every loader and beforeLoad receives (createRootRouteWithContext). */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthController;
  analytics: Analytics;
}
