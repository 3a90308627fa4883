import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS } from '@stacksmith/domain';
import { ApiError } from './api/client';

const MAX_RETRIES = 2;

/**
 * A failed fetch is tried again (twice, 3000 ms apart) unless the server answered it: a 4xx
 * (an unknown slate, a missing permission) will not change on a retry, and retrying made a bad
 * slate address spin for seconds before it said so.
 */
export const shouldRetry = (failures: number, error: unknown): boolean =>
  failures < MAX_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: RETRY_DELAY_MS, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}
