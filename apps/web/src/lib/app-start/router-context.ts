import type { QueryClient } from '@tanstack/react-query';
import type { Analytics } from '../site/analytics.ts';
import type { AuthController } from '../sign-in/auth.ts';

/** What every loader and beforeLoad receives (createRootRouteWithContext). */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthController;
  analytics: Analytics;
}
