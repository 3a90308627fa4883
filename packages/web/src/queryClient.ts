import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS } from '@stacksmith/domain';

/** Failed background fetches are retried after the spec's 3000 ms (spec site §4, §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 2, retryDelay: RETRY_DELAY_MS, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}
