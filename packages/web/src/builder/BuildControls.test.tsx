// @vitest-environment jsdom
import '../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, PLAYER_TABLE_MUST_BE_MODIFIED, SET_NUMBER_OF_LINEUPS, exposureBelowLineupMinimumsMessage, minExpAboveMaxExpMessage,
  type PlayerRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { setSession, USER } from '../test/session';
import { BuildControls } from './BuilderPage';
import { openSlate, testQueryClient } from '../test/openSlate';
import { useBuilder } from './builderStore';
import { overrideSettings } from './slateData';
import { useExtras } from './extrasStore';
import { FakeSocket } from '../test/fakeSocket';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };

/** A pool that fills a dk classic lineup: 1 QB, 3 RB, 4 WR, 2 TE, 1 DST, from two games (DraftKings needs 2). */
function pool(): PlayerRow[] {
  const positions = ['QB', 'RB', 'RB', 'RB', 'WR', 'WR', 'WR', 'WR', 'TE', 'TE', 'DST'];
  return positions.map((Position, i) => ({
    Id: String(i), Name: `${Position} ${i}`, Position, TeamAbbrev: i % 2 ? 'KC' : 'DAL', Opp: i % 2 ? 'BUF' : 'NYG', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100,
  }));
}

let client = testQueryClient();

function renderControls(rows: PlayerRow[], loggedin: boolean) {
  client = testQueryClient();
  setSession(client, loggedin ? USER : null);
  openSlate(client, ref, { loggedIn: loggedin, players: rows, settings: {} });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <BuildControls />
      </QueryClientProvider>
    </AntApp>,
  );
  return screen.getByTestId('build');
}

const hover = () => fireEvent.mouseEnter(screen.getByTestId('build-wrap'));

describe('Build button', () => {
  it('is disabled for visitors with the login message in its tooltip', async () => {
    const button = renderControls(pool(), false);
    expect(button).toBeDisabled();
    hover();
    await waitFor(() => expect(screen.getByText(MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS)).toBeInTheDocument());
  });

  it('lists the build validity errors of the table', async () => {
    const rows = pool().map((p) => (p.Position === 'QB' ? { ...p, MaxExp: 0 } : p.Id === '4' ? { ...p, MinExp: 60, MaxExp: 50 } : p));
    const button = renderControls(rows, true);
    expect(button).toBeDisabled();
    hover();
    await waitFor(() => expect(screen.getByText(exposureBelowLineupMinimumsMessage('QB', 100))).toBeInTheDocument());
    expect(screen.getByText(minExpAboveMaxExpMessage('WR 4'))).toBeInTheDocument();
  });

  it('is disabled with the reason when a whole game is faded (DraftKings needs 2 games)', async () => {
    const rows = pool().map((p) => (p.TeamAbbrev === 'DAL' ? { ...p, MaxExp: 0 } : p));
    const button = renderControls(rows, true);
    expect(button).toBeDisabled();
    hover();
    await waitFor(() => expect(screen.getByText(/DraftKings needs players from at least 2 games in every lineup, and the settings leave only BUF@KC/)).toBeInTheDocument());
  });

  it('becomes Cancel while a build runs; cancelling keeps the lineups built so far', () => {
    renderControls(pool(), true);
    act(() => {
      useBuilder.getState().fetchResult(20);
      useBuilder.getState().appendLineups([{ rawTable: [], lineupHash: 'a', saved: false }], 1, 20, []);
    });
    expect(screen.queryByTestId('build')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(useBuilder.getState().result).toMatchObject({ loading: false, cancelled: true, data: [expect.objectContaining({ lineupHash: 'a' })] });
    expect(screen.getByTestId('build')).toBeInTheDocument();
  });

  it('opens the untouched-table modal instead of building', async () => {
    const button = renderControls(pool(), true);
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect((await screen.findAllByText(PLAYER_TABLE_MUST_BE_MODIFIED)).length).toBeGreaterThan(0);
    expect(useBuilder.getState().result.loading).toBe(false);
  });

  it('late-swaps an untouched table: the entered lineups are the edit', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    try {
      const button = renderControls(pool(), true);
      act(() => useExtras.setState({ afterStart: { activated: true, sets: { Main: { active: true, lineups: [{ players: ['0'] }] } } } }));
      fireEvent.click(button);
      expect(screen.queryByText(PLAYER_TABLE_MUST_BE_MODIFIED)).toBeNull();
      expect(useBuilder.getState().result).toMatchObject({ loading: true, total: 1 });
      act(() => useBuilder.getState().cancelResult());
    } finally {
      act(() => useExtras.setState({ afterStart: { activated: false, sets: {} } }));
      vi.unstubAllGlobals();
    }
  });

  it('asks for a lineup count instead of building none', async () => {
    const button = renderControls(pool().map((p, i) => (i === 0 ? { ...p, MinExp: 100 } : p)), true);
    act(() => overrideSettings(client, { numLUs: 0 }));
    fireEvent.click(button);
    expect(await screen.findByText(SET_NUMBER_OF_LINEUPS)).toBeInTheDocument();
    expect(useBuilder.getState().result.loading).toBe(false);
  });
});
