// @vitest-environment jsdom
import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, useLocation } from 'react-router-dom';
import { renderRoutes } from '../../test/renderRoutes';
import { PlansPage } from './PlansPage';

const PLANS = {
  provider: 'local',
  plans: [
    { name: 'Free', price: 0, yearly_price: 0, permissions: { 'opt.nfl.lineup_limit': 3 }, lineup_limit: 3 },
    { name: 'Pro', price: 19.99, yearly_price: 199, permissions: { 'opt.nfl.lineup_limit': 20, 'opt.nfl.ownership': true }, lineup_limit: 20 },
  ],
};

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}{location.search}</div>;
}

function renderAt(path: string) {
  renderRoutes(path, <>
    <Route path="/plans" element={<PlansPage />} />
    <Route path="/signup" element={<Where />} />
  </>);
}

describe('the plans page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the plans with their price, lineup limit and features, monthly or yearly', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(PLANS), { status: 200 })));
    renderAt('/plans');
    const pro = await screen.findByTestId('plan-Pro');
    expect(within(pro).getByText('$19.99')).toBeInTheDocument();
    expect(within(pro).getByText('20')).toBeInTheDocument();
    expect(within(pro).getByText('Projected ownership').closest('li')).toHaveClass('on');
    expect(within(pro).getByText('Pre-build analysis').closest('li')).toHaveClass('off');
    fireEvent.click(screen.getByText('Yearly · save ~17%'));
    expect(within(pro).getByText('$199')).toBeInTheDocument();
  });

  it('sends a visitor who picks a plan to signup with redirectTo, plan and sport', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(PLANS), { status: 200 })));
    renderAt('/plans?sport=nba');
    fireEvent.click(within(await screen.findByTestId('plan-Pro')).getByRole('button', { name: 'Choose Pro' }));
    const where = (await screen.findByTestId('where')).textContent!;
    const url = new URL(where, 'http://x');
    expect(url.pathname).toBe('/signup');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirectTo: '/plans', plan: 'Pro', sport: 'nba' });
  });
});
