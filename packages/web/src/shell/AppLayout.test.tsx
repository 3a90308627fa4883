// @vitest-environment jsdom
import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../auth/session';
import { testQueryClient } from '../test/queryClient';
import { AppLayout, DATE_MARKER_KEY } from './AppLayout';
import { setPageViewTracker } from './tracking';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(path: string): QueryClient {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setPageViewTracker(null);
});

describe('app shell on load', () => {
  it('checks a partner token from the query string, stores the new token and drops token and id from the URL', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, new_token: 'fresh', admin: true, name: 'Pat' })));
    vi.stubGlobal('fetch', fetchMock);
    const views: string[] = [];
    setPageViewTracker((path) => views.push(path));
    const client = renderAt('/props?token=partner-hmac&id=42&keep=1');
    expect(screen.queryByTestId('where')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/props?keep=1'));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/auth/main/partner-hmac?id=42');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
    expect(client.getQueryData(sessionKey)).toEqual({ admin: true, name: 'Pat' });
    expect(localStorage.getItem(DATE_MARKER_KEY)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(views[0]).toContain('/props');
  });

  it('logs out when the stored token is refused', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Invalid or expired token' }), { status: 401 })));
    const client = renderAt('/');
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(client.getQueryData(sessionKey)).toBeNull();
  });
});
