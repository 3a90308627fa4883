// @vitest-environment jsdom
import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { PlayerRow } from '@stacksmith/domain';
import type { OnOffValue } from '@stacksmith/domain';
import { renderRoutes } from '../../test/renderRoutes';
import { DEFAULT_MIN_MINUTES, OnOffPage } from './OnOffPage';

// The API layer is mocked; the page and Ant Design render for real.
const calls = vi.hoisted(() => ({ players: vi.fn(), offList: vi.fn(), onOffValues: vi.fn() }));
vi.mock('../../api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/client')>();
  return { ...original, builderApi: { ...original.builderApi, players: calls.players } };
});
vi.mock('../../api/analysis', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/analysis')>();
  return { ...original, analysisCalls: { ...original.analysisCalls, offList: calls.offList, onOffValues: calls.onOffValues } };
});

type NbaRow = PlayerRow & { ProjMins: number };
const player = (Id: string, Name: string, Salary: number, ProjPts: number, ProjMins: number): NbaRow =>
  ({ Id, Name, Position: 'PG', TeamAbbrev: 'BOS', Opp: 'NYK', Salary, ProjPts, ProjMins, ProjOwn: 10, MinExp: 0, MaxExp: 100 });
const TABLE = [player('1', 'Star Guard', 10000, 50, 36), player('2', 'Wing Starter', 7000, 32, 32), player('3', 'Bench Big', 4000, 16, 18)];
const gain = (p: NbaRow, OnOffMins: number, OnOffDiff: number): OnOffValue => ({
  Id: String(p.Id), Name: p.Name, TeamAbbrev: p.TeamAbbrev, Salary: p.Salary, ProjMins: p.ProjMins, ProjPts: p.ProjPts,
  OnOffMins, OnOffUsage: 24.5, OnOffPts: p.ProjPts + OnOffDiff, OnOffDiff, Value: ((p.ProjPts + OnOffDiff) / p.Salary) * 1000, OnOffValueDiff: (OnOffDiff / p.Salary) * 1000,
});

function renderPage() {
  renderRoutes('/analysis/nba/dk/Main/on-off?date=2026-11-23', <Route path="/analysis/nba/dk/Main/on-off" element={<OnOffPage />} />);
}

describe('the nba on/off page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    calls.players.mockResolvedValue({ players: TABLE, updated_at: '2026-11-23T16:00:00-05:00' });
    calls.offList.mockResolvedValue([]);
    // The server's answer: with the star off, the wing and the bench big gain.
    calls.onOffValues.mockImplementation(async ({ offList }: { offList: string[] }) => ({
      off_list: offList,
      players: [],
      values: offList.includes('1') ? [gain(TABLE[1]!, 52.17, 13.5), gain(TABLE[2]!, 29.74, 6.25)] : [],
    }));
  });

  it('asks the server who gains when a player is chosen off and lists the gainers', async () => {
    renderPage();
    await waitFor(() => expect(calls.onOffValues).toHaveBeenCalled());
    expect(calls.players).toHaveBeenCalledWith(expect.objectContaining({ sport: 'nba', site: 'dk', slate: 'Main', counter: '2026-11-23' }));
    expect(screen.getByText('Choose players who are off')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Players off' }));
    fireEvent.click(await screen.findByTitle('Star Guard (BOS)'));

    await waitFor(() => expect(calls.onOffValues).toHaveBeenLastCalledWith({
      playerTable: TABLE, updatedAt: '2026-11-23T16:00:00-05:00', offList: ['1'], site: 'dk', minMinutes: DEFAULT_MIN_MINUTES,
    }));
    const wing = (await screen.findByText('Wing Starter', { selector: 'td' })).closest('tr')!;
    expect(within(wing).getByText('+13.50')).toHaveClass('ss-gain');
    expect(within(wing).getByText('32.0 → 52.2')).toBeInTheDocument();
    expect(within(wing).getByText('24.5%')).toBeInTheDocument();
    const bench = screen.getByText('Bench Big', { selector: 'td' }).closest('tr')!;
    expect(within(bench).getByText('+6.25')).toBeInTheDocument();
    // Largest gain first.
    const names = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.querySelector('td')!.textContent);
    expect(names).toEqual(['Wing Starter', 'Bench Big']);
  });

  it('sends a changed rotation cut', async () => {
    renderPage();
    await waitFor(() => expect(calls.onOffValues).toHaveBeenCalled());
    const cut = screen.getByLabelText('Min minutes');
    fireEvent.change(cut, { target: { value: '20' } });
    await waitFor(() => expect(calls.onOffValues).toHaveBeenLastCalledWith(expect.objectContaining({ minMinutes: 20 })));
  });
});
