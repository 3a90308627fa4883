// @vitest-environment jsdom
import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { getRoster, lineupHash, type BuiltLineup, type LineupRow, type PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { setSession } from '../../test/session';
import { openSlate, testQueryClient } from '../../test/openSlate';
import { useBuilder } from '../builderStore';
import { LineupsTab } from './LineupsTab';
import { lockedLineups, useLineupLocks } from './lineupLocks';

// A desktop screen: every min-width media query matches, so the table shows its columns (a
// phone stacks each lineup in one cell).
window.matchMedia = (query: string) => ({
  matches: query.includes('min-width'), media: query, onchange: null,
  addListener: () => undefined, removeListener: () => undefined,
  addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
}) as MediaQueryList;

// Counts of what the table renders: slot cells (a short name each) and rows' buttons (a
// re-build icon each), to tell a batch that renders its own lineups from one that renders all.
const renders = vi.hoisted(() => ({ slots: 0, rowButtons: 0 }));
vi.mock('./shortName', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./shortName')>();
  return { ...actual, shortPlayerName: (...args: Parameters<typeof actual.shortPlayerName>) => { renders.slots++; return actual.shortPlayerName(...args); } };
});
vi.mock('@ant-design/icons', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@ant-design/icons')>();
  const { createElement } = await import('react');
  return { ...actual, ReloadOutlined: (props: object) => { renders.rowButtons++; return createElement(actual.ReloadOutlined, props); } };
});

const downloads: { name: string; text: string }[] = [];
vi.mock('../../download', () => ({ downloadText: (name: string, text: string) => downloads.push({ name, text }) }));

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'showdown', slate: 'Main', season: 2023, counter: '22' };
const roster = getRoster('nfl', 'dk', 'showdown');

const player = (id: string, over: Partial<PlayerRow> = {}): PlayerRow => ({
  Id: id, Name: `Player ${id}`, Position: 'WR', TeamAbbrev: 'KC', Opp: 'BUF', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100, ...over,
});

/** A showdown lineup: the captain first, then five flex players. */
function lineup(run: number, ids: string[]): BuiltLineup {
  const rawTable: LineupRow[] = ids.map((id, i) => ({
    Id: `${id}|${i === 0 ? 'CPT' : 'FLEX'}`, Name: `Player ${id}`, Position: 'WR', TeamAbbrev: 'KC', Salary: 5000, ProjPts: 10, ProjOwn: 5,
    Run: run, Slot: roster.slots[i]!.label,
  }));
  return { rawTable, lineupHash: lineupHash(rawTable), saved: false };
}

let client = testQueryClient();

function renderTab() {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <LineupsTab />
        </QueryClientProvider>
      </AntApp>
    </MemoryRouter>,
  );
}

// Showdown rows are 'Id|RosterPosition'. Player 1 as captain is capped at 50 % and captains all 4 lineups;
// player 2 as flex, capped at 50 %, sits in 3: one lineup over, within the tolerance. Players 1-4
// are of KC, 5-9 of BUF, so that every lineup below has both teams, as DraftKings requires.
const team = (id: string) => (Number(id) <= 4 ? { TeamAbbrev: 'KC', Opp: 'BUF' } : { TeamAbbrev: 'BUF', Opp: 'KC' });
const players = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].flatMap((id) => [
  player(`${id}|CPT`, { Name: `Player ${id}`, RosterPosition: 'CPT', MaxExp: id === '1' ? 50 : 100, ...team(id) }),
  player(`${id}|FLEX`, { Name: `Player ${id}`, RosterPosition: 'FLEX', MaxExp: id === '2' ? 50 : 100, ...team(id) }),
]);
const built = [
  lineup(1, ['1', '2', '3', '4', '5', '6']),
  lineup(2, ['1', '2', '3', '4', '5', '7']),
  lineup(3, ['1', '2', '3', '4', '5', '8']),
  lineup(4, ['1', '9', '3', '4', '5', '6']),
];

describe('Lineups tab', () => {
  beforeEach(() => {
    downloads.length = 0;
    useLineupLocks.setState({ key: '', locked: {} });
    client = testQueryClient();
    setSession(client, null);
    openSlate(client, ref, { players, settings: {} });
  });

  it('shows lineups as they arrive with the progress over the requested count', () => {
    useBuilder.getState().fetchResult(20);
    useBuilder.getState().appendLineups(built.slice(0, 2), 2, 20, []);
    renderTab();
    expect(within(screen.getByTestId('build-progress')).getByText('2 / 20')).toBeInTheDocument();
    expect(screen.getAllByTestId('lineup')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  });

  it('renders only the lineups a batch adds, not the rows already shown', () => {
    const many = Array.from({ length: 50 }, (_, i) => lineup(i + 1, ['1', String(2 + (i % 8)), '3', '4', '5', String(6 + (i % 4))]));
    useBuilder.getState().fetchResult(50);
    useBuilder.getState().appendLineups(many.slice(0, 4), 4, 50, []);
    renderTab();
    expect(screen.getAllByTestId('lineup')).toHaveLength(4);
    const table = document.querySelector('.ss-lineups-table .ant-table');
    renders.slots = 0;
    renders.rowButtons = 0;
    act(() => useBuilder.getState().appendLineups(many.slice(4, 6), 6, 50, []));
    expect(screen.getAllByTestId('lineup')).toHaveLength(6);
    // Two lineups of six slots, and their two rows' buttons.
    expect(renders.slots).toBe(2 * roster.slots.length);
    expect(renders.rowButtons).toBe(2);
    // A build of more than 40 lineups is virtual from its first batch: passing 40 rows does not
    // mount the table again.
    act(() => useBuilder.getState().appendLineups(many.slice(6), 50, 50, []));
    expect(document.querySelector('.ss-lineups-table .ant-table')).toBe(table);
  });

  it('marks exposure red only beyond one lineup of tolerance, and exports the showdown upload CSV', () => {
    useBuilder.getState().fetchResult(4);
    useBuilder.getState().appendLineups(built, 4, 4, []);
    useBuilder.getState().finishResult();
    renderTab();
    expect(within(screen.getByTestId('build-progress')).getByText('4 / 4')).toBeInTheDocument();
    const exposureTable = screen.getByTestId('exposure-panel');
    const expCell = (name: string) =>
      within(within(exposureTable).getByText(new RegExp(`^${name}( \\(CPT\\))?$`)).closest('tr')!).getByText(/^\d+$/, { selector: 'span' });
    expect(expCell('Player 1')).toHaveTextContent('100');
    expect(expCell('Player 1')).toHaveClass('ss-exp-bad');
    expect(expCell('Player 2')).toHaveTextContent('75');
    expect(expCell('Player 2')).not.toHaveClass('ss-exp-bad');

    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(downloads).toHaveLength(1);
    const lines = downloads[0]!.text.trim().split('\n');
    expect(lines[0]).toBe('CPT,FLEX,FLEX,FLEX,FLEX,FLEX');
    expect(lines.slice(1)).toEqual(['1,2,3,4,5,6', '1,2,3,4,5,7', '1,2,3,4,5,8', '1,9,3,4,5,6']);
  });

  it('leaves a lineup the site would refuse out of the export and says why', async () => {
    // Lineup 5 holds KC players alone: DraftKings refuses a showdown lineup of one team.
    const oneTeam = lineup(5, ['1', '2', '3', '4', '9', '6']);
    const rows = players.map((p) => (p.Id.startsWith('9|') || p.Id.startsWith('6|') ? { ...p, TeamAbbrev: 'KC', Opp: 'BUF' } : p));
    openSlate(client, ref, { players: rows, settings: {} });
    useBuilder.getState().fetchResult(2);
    useBuilder.getState().appendLineups([built[0]!, oneTeam], 2, 2, []);
    useBuilder.getState().finishResult();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Lineup 5 is left out: the site would refuse it. DraftKings needs players of at least 2 teams in a lineup; this lineup has 1.')).toBeInTheDocument();
    // Lineup 1 keeps player 5 of BUF and is written; lineup 5 is not.
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.text.trim().split('\n').slice(1)).toEqual(['1,2,3,4,5,6']);
  });

  it('sorts the lineup table by points, filters it by player and stack, and opens a lineup', async () => {
    const varied = built.map((l, i) => ({ ...l, rawTable: l.rawTable.map((r, j) => ({ ...r, ProjPts: 10 + (j === 0 ? i * 3 : 0), TeamAbbrev: i === 3 && j > 2 ? 'BUF' : 'KC' })) }));
    useBuilder.getState().fetchResult(4);
    useBuilder.getState().appendLineups(varied, 4, 4, []);
    useBuilder.getState().finishResult();
    renderTab();
    // One row a lineup, run order first.
    expect(screen.getAllByTestId('lineup').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3', '4']);
    fireEvent.click(screen.getByRole('columnheader', { name: /Pts/ }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Pts/ }));
    expect(screen.getAllByTestId('lineup').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['4', '3', '2', '1']);
    // The stack column reads the team stacks.
    expect(within(screen.getAllByTestId('lineup')[0]!).getByText('BUF 3 · KC 3')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('lineup')[1]!).getByText('KC 6')).toBeInTheDocument();
    // Clicking a player in the exposure panel keeps only the lineups holding him.
    fireEvent.click(within(screen.getByTestId('exposure-panel')).getByText('Player 9'));
    expect(screen.getAllByTestId('lineup')).toHaveLength(1);
    expect(screen.getByTestId('lineups-shown')).toHaveTextContent('1 of 4 lineups');
    // A row opens the lineup's detail with every slot.
    fireEvent.click(screen.getAllByTestId('lineup')[0]!);
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('Lineup 4')).toBeInTheDocument();
    expect(within(within(detail).getAllByRole('table')[0]!).getAllByRole('row')).toHaveLength(1 + 6);
  });

  it('locks a lineup (no removal while locked) and removes another', () => {
    useBuilder.getState().fetchResult(4);
    useBuilder.getState().appendLineups(built, 4, 4, []);
    useBuilder.getState().finishResult();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Lock lineup 2' }));
    expect(screen.getByLabelText('Lineup 2 locked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove lineup 2' })).toBeDisabled();
    expect(screen.getByTestId('locked-count')).toHaveTextContent('1 locked');
    expect(lockedLineups().map((l) => l.lineupHash)).toEqual([built[1]!.lineupHash]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove lineup 3' }));
    expect(screen.getAllByTestId('lineup')).toHaveLength(3);
    expect(useBuilder.getState().result.data.map((l) => l.rawTable[0]!.Run)).toEqual([1, 2, 4]);
    expect(within(screen.getByTestId('build-progress')).getByText('3 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock lineup 2' }));
    expect(lockedLineups()).toEqual([]);
  });

  it('puts the post-build analysis in its own sub-tab, loaded when it opens', async () => {
    useBuilder.getState().fetchResult(4);
    useBuilder.getState().appendLineups(built, 4, 4, []);
    useBuilder.getState().finishResult();
    renderTab();
    expect(screen.queryByTestId('post-build-analysis')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Post-build analysis' }));
    expect(await screen.findByTestId('post-build-analysis')).toBeInTheDocument();
  });
});
