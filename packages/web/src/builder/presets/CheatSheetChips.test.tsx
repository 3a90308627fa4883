// @vitest-environment jsdom
import '../../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import type { CheatSheet } from '@stacksmith/domain';
import { openSlate, testQueryClient } from '../../test/openSlate';
import { PlayersTab } from '../players/PlayersTab';
import { slateKey } from '../route';
import { passesCheatSheet } from './CheatSheetChips';
import { cheatSheetsQuery, useContent } from './contentStore';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '7' };
const row = (Id: string, Name: string): PlayerRow => ({
  Id, Name, Position: 'WR', TeamAbbrev: 'KC', Opp: 'DET', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100, Boost: 0,
});

function renderPlayers(cheatSheets: CheatSheet[]) {
  const client = testQueryClient();
  openSlate(client, ref, { players: [row('1', 'Ann Able'), row('2', 'Ben Baker'), row('3', 'Cal Cole')] });
  client.setQueryData(cheatSheetsQuery(ref).queryKey, cheatSheets);
  render(<AntApp><QueryClientProvider client={client}><PlayersTab /></QueryClientProvider></AntApp>);
}

describe("'Expert Targets' cheat sheet chips", () => {
  it('are hidden when the slate has no cheat sheets', () => {
    useContent.getState().open(slateKey(ref));
    renderPlayers([]);
    expect(screen.queryByText('Expert Targets')).not.toBeInTheDocument();
  });

  it('filter the player table to the picks of the chosen sheet, and back', () => {
    useContent.getState().open(slateKey(ref));
    renderPlayers([{ id: 4, name: 'Core', player_picks: [1, '3'] }]);
    expect(screen.getByText('Expert Targets')).toBeInTheDocument();
    expect(screen.getByText('Ben Baker')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Core'));
    expect(screen.queryByText('Ben Baker')).not.toBeInTheDocument();
    expect(screen.getByText('Ann Able')).toBeInTheDocument();
    expect(screen.getByText('Cal Cole')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Core'));
    expect(screen.getByText('Ben Baker')).toBeInTheDocument();
  });

  it('match showdown Ids by their site Id', () => {
    expect(passesCheatSheet(new Set(['9']), '9|CPT')).toBe(true);
    expect(passesCheatSheet(new Set(['9']), '8|FLEX')).toBe(false);
    expect(passesCheatSheet(null, '8')).toBe(true);
  });
});
