import { Suspense, useEffect, useState } from 'react';
import { Layout, Spin } from 'antd';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { todayDate } from '@stacksmith/domain';
import { useCheckSession } from '../auth/session';
import { usePageViews } from './tracking';
import { TopBar } from './TopBar';
import { Footer } from './Footer';
import { pageTitle } from './pageTitle';

/** Local key of the daily date marker recorded on load. */
export const DATE_MARKER_KEY = 'stacksmith.date';

export function AppLayout() {
  const [params, setParams] = useSearchParams();
  const check = useCheckSession();
  const [checking, setChecking] = useState(true);
  usePageViews();
  const { pathname } = useLocation();
  useEffect(() => { document.title = pageTitle(pathname); }, [pathname]);

  useEffect(() => {
    localStorage.setItem(DATE_MARKER_KEY, todayDate(Date.now()));
    const token = params.get('token');
    const id = params.get('id');
    const partner = token && id ? { token, id } : undefined;
    void check(partner).finally(() => {
      setChecking(false);
      if (partner) {
        // The partner token is consumed; keep the other query parameters.
        const rest = new URLSearchParams(params);
        rest.delete('token');
        rest.delete('id');
        setParams(rest, { replace: true });
      }
    });
    // The check runs once per load.
  }, []);

  return (
    <Layout className="ss-layout">
      <Layout.Header className="ss-header">
        <TopBar />
      </Layout.Header>
      <Layout.Content className="ss-content">
        {checking ? (
          <div className="ss-center"><Spin size="large" tip="Loading…"><div style={{ width: 120, height: 80 }} /></Spin></div>
        ) : (
          // Pages load as their own chunks (App.tsx).
          <Suspense fallback={<div className="ss-center" data-testid="page-loading"><Spin size="large" /></div>}>
            <Outlet />
          </Suspense>
        )}
      </Layout.Content>
      <Footer />
    </Layout>
  );
}
