import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { RETRY_DELAY_MS } from '@stacksmith/domain';
import { App } from './App';
import { theme } from './theme';
import './styles.css';

// Failed background fetches are retried after the spec's 3000 ms (spec site §4, §9).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 2, retryDelay: RETRY_DELAY_MS, refetchOnWindowFocus: false, staleTime: 60_000 },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider theme={theme} componentSize="middle">
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
