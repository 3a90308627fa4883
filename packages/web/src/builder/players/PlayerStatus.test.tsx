// @vitest-environment jsdom
import '../../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { PlayerRow } from '@stacksmith/domain';
import { openSlate, playersIn, testQueryClient, withClient } from '../../test/openSlate';
import { StatusBadge, StatusWarning } from './PlayerStatus';

const player = (over: Partial<PlayerRow>): PlayerRow => ({
  Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000,
  ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100, Boost: 0, ...over,
});

describe('player status', () => {
  it('badges the status: out and postponed red, questionable shown', () => {
    const { rerender } = render(<StatusBadge player={player({ Status: 'out', MaxExp: 0 })} />);
    expect(screen.getByTestId('status-badge').textContent).toBe('O');
    expect(screen.getByTestId('status-badge').className).toMatch(/red/);
    rerender(<StatusBadge player={player({ GameState: 'postponed' })} />);
    expect(screen.getByTestId('status-badge').textContent).toBe('PPD');
    rerender(<StatusBadge player={player({ Status: 'questionable' })} />);
    expect(screen.getByTestId('status-badge').textContent).toBe('Q');
    rerender(<StatusBadge player={player({})} />);
    expect(screen.queryByTestId('status-badge')).toBeNull();
  });

  it('names the excluded players once, and Include them sets their Max Exp back', () => {
    const client = testQueryClient();
    openSlate(client, { sport: 'nfl', site: 'fd', contestType: 'classic', slate: 'my-1', season: 2023, counter: '1' }, { players: [
      player({ Id: '1', Name: 'Ja Marr Chase', Status: 'out', MaxExp: 0 }),
      player({ Id: '2', Name: 'Nick Chubb', Status: 'questionable' }),
      player({ Id: '3', Name: 'Joe Mixon', Status: 'injured-reserve', MaxExp: 0 }),
    ] });
    render(<StatusWarning />, { wrapper: withClient(client) });
    const warning = screen.getByTestId('status-warning').textContent!;
    expect(warning).toMatch(/2 players excluded/);
    expect(warning).toMatch(/Ja Marr Chase \(O\), Joe Mixon \(IR\)/);
    expect(warning).not.toMatch(/Chubb/);
    fireEvent.click(screen.getByRole('button', { name: 'Include them' }));
    expect(playersIn(client).map((p) => p.MaxExp)).toEqual([100, 100, 100]);
    expect(screen.queryByTestId('status-warning')).toBeNull();
  });
});

describe('status kinds and the status filter', () => {
  it('badges a pitcher not starting and a started game red, a benched hitter orange; the filter picks them', async () => {
    const { passesStatusFilter } = await import('./PlayerStatus');
    const rows = [
      player({ Id: 'p1', Name: 'Long Man', Position: 'P', Starting: 'not-starting', MaxExp: 0 }),
      player({ Id: 'h1', Name: 'Bench Bat', Position: 'OF', Starting: 'not-in-lineup' }),
      player({ Id: 'g1', Name: 'Early Game', GameState: 'final' }),
      player({ Id: 'ok', Name: 'Fine' }),
    ];
    const { rerender } = render(<StatusBadge player={rows[0]!} />);
    expect(screen.getByTestId('status-badge').textContent).toBe('NOT SP');
    expect(screen.getByTestId('status-badge').className).toMatch(/red/);
    rerender(<StatusBadge player={rows[1]!} />);
    expect(screen.getByTestId('status-badge').className).toMatch(/orange/);
    rerender(<StatusBadge player={rows[2]!} />);
    expect(screen.getByTestId('status-badge').textContent).toBe('Final');
    expect(screen.getByTestId('status-badge').className).toMatch(/red/);
    const pick = (f: 'all' | 'available' | 'flagged' | 'left-out') => rows.filter((r) => passesStatusFilter(r, f)).map((r) => r.Id);
    expect(pick('all')).toEqual(['p1', 'h1', 'g1', 'ok']);
    expect(pick('available')).toEqual(['h1', 'ok']);
    expect(pick('flagged')).toEqual(['p1', 'h1', 'g1']);
    expect(pick('left-out')).toEqual(['p1', 'g1']);
  });

  it('one warning per kind: pitchers not starting (Include them), benched hitters, started games', () => {
    const client = testQueryClient();
    openSlate(client, { sport: 'mlb', site: 'dk', contestType: 'classic', slate: 'my-2', season: 2026, counter: '2026-07-14' }, { players: [
      player({ Id: '1', Name: 'Long Man', Position: 'P', TeamAbbrev: 'SD', Starting: 'not-starting', MaxExp: 0 }),
      player({ Id: '2', Name: 'Bench Bat', Position: 'OF', TeamAbbrev: 'SD', Starting: 'not-in-lineup' }),
      player({ Id: '3', Name: 'Early Game', Position: 'OF', TeamAbbrev: 'NYY', GameState: 'in-progress' }),
      player({ Id: '4', Name: 'Teammate', Position: 'C', TeamAbbrev: 'NYY' }),
    ] });
    render(<StatusWarning />, { wrapper: withClient(client) });
    const notes = screen.getAllByTestId('status-note').map((n) => n.textContent);
    expect(notes[0]).toMatch(/1 pitcher excluded .*Long Man/);
    expect(notes[1]).toMatch(/1 hitter is not in the posted batting order: Bench Bat/);
    expect(screen.getByTestId('started-warning').textContent).toMatch(/^2 players left out/);
    fireEvent.click(screen.getByRole('button', { name: 'Include them' }));
    expect(playersIn(client).find((p) => p.Id === '1')!.MaxExp).toBe(100);
  });
});
