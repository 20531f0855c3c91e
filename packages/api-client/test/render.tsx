import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, type CreateQueryClientOptions } from '../src/query-client.ts';

/** A fresh client per test (no shared cache) and the wrapper renderHook needs. */
export function queryWrapper(options: CreateQueryClientOptions = {}): {
  queryClient: QueryClient;
  wrapper: (props: { children: ReactNode }) => ReactNode;
} {
  const queryClient = createQueryClient({ retryDelay: 0, ...options });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}
