// @vitest-environment jsdom
import '../../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { PlayerRow } from '@stacksmith/domain';
import { useBuilder } from '../builderStore';
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
    useBuilder.getState().open({ sport: 'nfl', site: 'fd', contestType: 'classic', slate: 'my-1', season: 2023, counter: '1' }, false);
    useBuilder.getState().receivePlayers([
      player({ Id: '1', Name: 'Ja Marr Chase', Status: 'out', MaxExp: 0 }),
      player({ Id: '2', Name: 'Nick Chubb', Status: 'questionable' }),
      player({ Id: '3', Name: 'Joe Mixon', Status: 'injured-reserve', MaxExp: 0 }),
    ], null, null);
    render(<StatusWarning />);
    const warning = screen.getByTestId('status-warning').textContent!;
    expect(warning).toMatch(/2 players excluded/);
    expect(warning).toMatch(/Ja Marr Chase \(O\), Joe Mixon \(IR\)/);
    expect(warning).not.toMatch(/Chubb/);
    fireEvent.click(screen.getByRole('button', { name: 'Include them' }));
    expect(useBuilder.getState().players.data.map((p) => p.MaxExp)).toEqual([100, 100, 100]);
    expect(screen.queryByTestId('status-warning')).toBeNull();
  });
});
