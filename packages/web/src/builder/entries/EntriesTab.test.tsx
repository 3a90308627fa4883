// @vitest-environment jsdom
// The Entries tab deals only lineups the site would accept: one it would refuse (here a saved-era
// lineup of one game on DraftKings) goes into no entry, and the tab says which and why.
import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { getRoster, lineupHash, type BuiltLineup, type LineupRow, type PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { openSlate, testQueryClient } from '../../test/openSlate';
import { useBuilder } from '../builderStore';
import { EntriesTab } from './EntriesTab';

const calls = vi.hoisted(() => ({ fill: vi.fn() }));
vi.mock('../../api/userSlates', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/userSlates')>();
  return { ...original, entriesFileApi: { fill: calls.fill } };
});
vi.mock('../../download', () => ({ downloadText: () => undefined }));

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };
const roster = getRoster('nfl', 'dk', 'classic');
const positions = ['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'WR', 'DST'];
// Nine players of KC@BUF (one per slot) and a DAL@NYG receiver.
const players: PlayerRow[] = [
  ...positions.map((Position, i) => ({
    Id: `k${i}`, Name: `K ${i}`, Position, TeamAbbrev: i % 2 ? 'KC' : 'BUF', Opp: i % 2 ? 'BUF' : 'KC', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100,
  })),
  { Id: 'd0', Name: 'D 0', Position: 'WR', TeamAbbrev: 'DAL', Opp: 'NYG', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100 },
];

function lineup(run: number, ids: string[]): BuiltLineup {
  const rawTable = ids.map((Id, s) => ({
    Id, Name: Id, Position: positions[s]!, TeamAbbrev: 'KC', Salary: 5000, ProjPts: 10, ProjOwn: 5, Run: run, Slot: roster.slots[s]!.label,
  }) as LineupRow);
  return { rawTable, lineupHash: lineupHash(rawTable), saved: false };
}
const oneGame = lineup(1, players.slice(0, 9).map((p) => p.Id));
const twoGames = lineup(2, ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'd0', 'k8']);
const emptyEntry = (entryId: string) => ({ entryId, contestName: 'NFL $3', contestId: '1', entryFee: '$3', players: Array(9).fill('') as string[] });

describe('Entries tab and the site rules', () => {
  let client: QueryClient;
  beforeEach(() => {
    calls.fill.mockReset();
    calls.fill.mockResolvedValue({ entries: [emptyEntry('11'), emptyEntry('12')], csv: 'x', filled: 1, leftEmpty: 1 });
    client = testQueryClient();
    openSlate(client, ref, { players, settings: {} });
    useBuilder.getState().fetchResult(2);
    useBuilder.getState().appendLineups([oneGame, twoGames], 2, 2, []);
    useBuilder.getState().finishResult();
  });

  it('deals only the lineup DraftKings accepts, and names the one left out', async () => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <AntApp><QueryClientProvider client={client}><EntriesTab /></QueryClientProvider></AntApp>
      </MemoryRouter>,
    );
    const input = screen.getByTestId('entries-tab').querySelectorAll('input[type="file"]')[0]!;
    fireEvent.change(input, { target: { files: [new File(['entries'], 'DKEntries.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Lineup 1 is left out: the site would refuse it. DraftKings needs players from at least 2 games in a lineup; this lineup has 1.')).toBeInTheDocument();
    await screen.findByText(/entries,/);
    fireEvent.click(screen.getByTestId('download-entries'));
    await waitFor(() => expect(calls.fill).toHaveBeenCalledTimes(2));
    const [, , , lineups] = calls.fill.mock.calls[1]! as [unknown, string, string, string[][]];
    expect(lineups).toEqual([['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'd0', 'k8']]);
  });
});
