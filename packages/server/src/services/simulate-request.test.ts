// A selection from given lineups never picks one the site would refuse.
import { coded, lineupsNotEnteredMessage, renderMessage, siteMinGamesMessage } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { refusedSelectionLineups, simulateMessageSchema } from './simulate-request.js';

const player = (Id: string, TeamAbbrev: string, Opp: string) => ({ Id, Name: Id, Position: 'WR', TeamAbbrev, Opp, Salary: 5000, ProjPts: 10 });
// Eight players of KC@BUF and one of DAL@NYG (DraftKings classic needs 2 games).
const players = [...Array.from({ length: 9 }, (_, i) => player(`k${i}`, i % 2 ? 'KC' : 'BUF', i % 2 ? 'BUF' : 'KC')), player('d0', 'DAL', 'NYG')];
const oneGame = players.slice(0, 9).map((p) => p.Id);
const twoGames = [...players.slice(0, 8).map((p) => p.Id), 'd0'];
const message = (extra: Record<string, unknown>) => simulateMessageSchema.parse({
  type: 'simulate', sport: 'nfl', site: 'dk', contestType: 'classic', players, contest: { template: 'gpp', fieldSize: 100, entryFee: 5 }, ...extra,
});

describe('selection from given lineups and the site rules', () => {
  it('refuses a selection among lineups the site would refuse, naming them', () => {
    const refused = refusedSelectionLineups(message({ lineups: [twoGames, oneGame], select: 1 }));
    expect(refused).toEqual(coded('lineups-not-entered', { lineups: [2], violations: [siteMinGamesMessage('DraftKings', 2, 1)] }));
    expect(renderMessage(refused!)).toBe(lineupsNotEnteredMessage([2], [siteMinGamesMessage('DraftKings', 2, 1)]));
    expect(refusedSelectionLineups(message({ lineups: [twoGames, twoGames], select: 1 }))).toBeNull();
  });

  it('lets a simulation without a selection look at any lineup', () => {
    expect(refusedSelectionLineups(message({ lineups: [twoGames, oneGame] }))).toBeNull();
  });
});
