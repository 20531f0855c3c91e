import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, ResponseSchemaError, isUnauthorized } from './core/errors.ts';
import { clearToken } from './token-storage.ts';

export interface CreateQueryClientOptions {
  /**
   * Called for every 401 from a query or a mutation, after the stored token has been cleared.
   * The app decides what follows (SPEC §8: a toast and navigation to / with redirect).
   */
  onUnauthorized?: (error: ApiError) => void;
  /** Retries of a query that failed with a 5xx or a network error. */
  maxRetries?: number;
  /** Delay before retry n (0-based), in ms; TanStack's exponential backoff by default. */
  retryDelay?: number | ((attempt: number) => number);
}

export const DEFAULT_MAX_RETRIES = 2;

/**
 * Whether a failed query should be tried again. 4xx answers will fail the same way again and a
 * contract mismatch will not fix itself; server errors and network failures may pass on retry.
 */
export function shouldRetry(failureCount: number, error: unknown, maxRetries: number = DEFAULT_MAX_RETRIES): boolean {
  if (failureCount >= maxRetries) return false;
  if (error instanceof ApiError) return error.status >= 500;
  if (error instanceof ResponseSchemaError) return false;
  return true;
}

/** A QueryClient that reports every 401 to the app and never retries a 4xx. */
export function createQueryClient(options: CreateQueryClientOptions = {}): QueryClient {
  const { onUnauthorized, maxRetries = DEFAULT_MAX_RETRIES, retryDelay } = options;
  const handle = (error: unknown) => {
    if (!isUnauthorized(error)) return;
    // The server rejected the token; keeping it would only repeat the 401 on every call.
    clearToken();
    onUnauthorized?.(error as ApiError);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => shouldRetry(failureCount, error, maxRetries),
        ...(retryDelay !== undefined ? { retryDelay } : {}),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
