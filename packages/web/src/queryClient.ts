import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS } from '@stacksmith/domain';

/** Failed background fetches are retried after 3000 ms. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 2, retryDelay: RETRY_DELAY_MS, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}
