// @vitest-environment jsdom
import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { PROJECTIONS_CSV_COLUMNS, PROJECTIONS_SHOWDOWN_CSV_COLUMNS, type PlayerRow } from '@stacksmith/domain';
import Papa from 'papaparse';
import { setSession, USER } from '../../test/session';
import { renderRoutes, testRoutesClient } from '../../test/renderRoutes';
import { ProjectionsPage } from './ProjectionsPage';

// The API layer and the file download are mocked; the page and Ant Design render for real.
const calls = vi.hoisted(() => ({
  players: vi.fn(),
  slates: vi.fn(),
  plan: vi.fn(),
  downloadText: vi.fn(),
}));
vi.mock('../../api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/client')>();
  return {
    ...original,
    api: { ...original.api, plan: calls.plan },
    builderApi: { ...original.builderApi, players: calls.players, slates: calls.slates },
  };
});
vi.mock('../../download', () => ({ downloadText: calls.downloadText }));

/** 150 players: more than one page of 100. */
const pool = (site: string): PlayerRow[] => Array.from({ length: 150 }, (_, i) => ({
  Id: `${site}${i}`, Name: `${site.toUpperCase()} Player ${i}`, Position: 'WR', TeamAbbrev: 'KC', Opp: 'BUF',
  Salary: 3000 + 40 * i, ProjPts: 5 + i / 10, ProjOwn: 2, Ceiling: 20, MinExp: 0, MaxExp: 100,
}));

function renderAt(path: string) {
  const client = testRoutesClient();
  setSession(client, USER);
  renderRoutes(path, <>
    <Route path="/projections/:sport/:site" element={<ProjectionsPage />} />
    <Route path="/projections/:contestType/:sport/:site" element={<ProjectionsPage />} />
  </>, client);
}

const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

describe('the projections page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    calls.players.mockImplementation(async (ref: { site: string }) => ({ players: pool(ref.site) }));
    calls.slates.mockResolvedValue({ classic: ['Main', 'Early'], showdown: ['KC@BUF'] });
    calls.plan.mockResolvedValue({ permissions: { 'opt.nfl.ownership': true } });
  });

  it('has a tab per site and loads the chosen site\'s slate for the week and season', async () => {
    renderAt('/projections/nfl/dk?week=3&season=2023');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['DraftKings', 'Fanduel', 'Yahoo']);
    expect(screen.getByRole('tab', { name: 'DraftKings' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('DK Player 149');
    expect(calls.players).toHaveBeenLastCalledWith({ sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '3' });

    fireEvent.click(screen.getByRole('tab', { name: 'Fanduel' }));
    await screen.findByText('FD Player 149');
    expect(screen.getByRole('tab', { name: 'Fanduel' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.players).toHaveBeenLastCalledWith({ sport: 'nfl', site: 'fd', contestType: 'classic', slate: 'Main', season: 2023, counter: '3' });
  });

  it('shows 100 players a page, the best projection first', async () => {
    renderAt('/projections/nfl/dk?week=3&season=2023');
    await screen.findByText('DK Player 149');
    expect(bodyRows()).toHaveLength(100);
    expect(within(bodyRows()[0] as HTMLElement).getByText('DK Player 149')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(within(bodyRows()[49] as HTMLElement).getByText('DK Player 0')).toBeInTheDocument();
  });

  it('downloads a CSV named with the site, slate, week and season', async () => {
    renderAt('/projections/nfl/dk?week=3&season=2023');
    await screen.findByText('DK Player 149');
    const button = screen.getByRole('button', { name: /Download CSV/ });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(calls.downloadText).toHaveBeenCalledTimes(1);
    const [name, csv] = calls.downloadText.mock.calls[0]! as [string, string];
    expect(name).toBe('projections_dk_Main_week3_2023.csv');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(PROJECTIONS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(151);
  });

  it('shows a showdown captain at ×1.5 and downloads each row with its own points, so a read-back counts him once', async () => {
    const own = { Id: '77', Name: 'Star Captain', Position: 'QB', TeamAbbrev: 'KC', Opp: 'BUF', ProjPts: 20, ProjOwn: 30, Ceiling: 40, MinExp: 0, MaxExp: 100 };
    calls.players.mockResolvedValue({ players: [{ ...own, RosterPosition: 'CPT', Salary: 15000 }, { ...own, RosterPosition: 'FLEX', Salary: 10000 }] });
    renderAt('/projections/showdown/nfl/dk?week=22&season=2023&slate=KC%40BUF');
    await screen.findAllByText('Star Captain');
    expect(screen.getByText('30.00')).toBeInTheDocument(); // the captain as the builder counts him
    const button = screen.getByRole('button', { name: /Download CSV/ });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const [, csv] = calls.downloadText.mock.calls[0]! as [string, string];
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.meta.fields).toEqual([...PROJECTIONS_SHOWDOWN_CSV_COLUMNS]);
    expect(parsed.data.map((r) => [r.Id, r.RosterPosition, r.ProjPts, r.Ceiling])).toEqual([['77', 'CPT', '20', '40'], ['77', 'FLEX', '20', '40']]);
  });

  it('keeps the download closed without opt.nfl.ownership', async () => {
    calls.plan.mockResolvedValue({ permissions: {} });
    renderAt('/projections/nfl/dk?week=3&season=2023');
    await screen.findByText('DK Player 149');
    // Let the plan answer arrive: while it loads the button is disabled either way.
    await waitFor(() => expect(calls.plan).toHaveBeenCalled());
    await act(async () => { await Promise.resolve(); });
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeDisabled();
  });
});
