import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/api-error';

/** Product rule R2.9: the query layer retries up to 3 times, except on HTTP 429 (and never on 4xx answers that won't change). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (isApiRequestError(error)) {
    if (error.status === 429) return false;
    if (error.status >= 400 && error.status < 500 && error.status !== 408) return false;
  }
  return true;
}

/** One cache for displayed server state; it is imported lazily by the screens that need it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});
