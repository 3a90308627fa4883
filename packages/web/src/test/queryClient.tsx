// The query client of unit tests, and the wrapper that provides it to what they render.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';

/**
 * A query client as the tests use it: no retries, and cache changes reach the components at once
 * (in the browser they follow on the next tick; a test reads the page right after an event).
 */
export function testQueryClient(): QueryClient {
  notifyManager.setScheduler((notify) => notify());
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** A wrapper for render/renderHook that provides `client`. */
export function withClient(client: QueryClient) {
  return function ClientProvider({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
