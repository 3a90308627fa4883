// The demo's nba game logs: the season so far of every player of the fixed demo rosters, so that
// the on/off report (docs/on-off.md) has per-player minutes, usage and points per minute to use.
import { NBA_TEAMS, primaryPosition } from '@stacksmith/domain';
import { DateTime } from 'luxon';
import { DATE_SPORT_SEASON, nbaRosterOf } from './dates.js';
import { Random, seedOf } from './random.js';
import type { DemoGameLog } from './types.js';

/** Games in each demo player's log. */
export const NBA_DEMO_GAMES = 12;
const FIRST_GAME = DateTime.fromISO('2023-10-24', { zone: 'America/New_York' });

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Per player and game: minutes around his usual minutes, usage around his usual usage, and
 * fantasy points from his points per minute, a little higher on nights he used more possessions.
 * The `week` column and Week hold the game number.
 */
export function nbaGameLogs(): DemoGameLog[] {
  const random = new Random(seedOf('nba-game-logs'));
  const teams = Object.keys(NBA_TEAMS).sort();
  const dates = Array.from({ length: NBA_DEMO_GAMES }, (_, i) => FIRST_GAME.plus({ days: 2 * i }).toISODate()!);
  const logs: DemoGameLog[] = [];
  for (const team of teams) {
    const opponents = Array.from({ length: NBA_DEMO_GAMES }, () => random.pick(teams.filter((t) => t !== team)));
    for (const player of nbaRosterOf(team)) {
      for (let game = 1; game <= NBA_DEMO_GAMES; game++) {
        const minutes = round(clamp(player.minutes * (1 + random.normal() * 0.08), 4, 44), 1);
        const usage = round(clamp(player.usage + random.normal() * 2.5, 5, 45), 1);
        const dk = round(Math.max(0, player.pointsPerMinute * minutes * Math.sqrt(usage / player.usage) * Math.exp(random.normal() * 0.15)), 2);
        logs.push({
          // The Player Stats modal looks a log up by primary position and shows Week and Opponent.
          sport: 'nba', season: DATE_SPORT_SEASON.nba, week: game, playerName: player.name, position: primaryPosition(player.position), team,
          data: {
            Week: game, Date: dates[game - 1]!, Opponent: opponents[game - 1]!,
            Min: minutes, Usg: usage, DKPts: dk, FDPts: round(dk * random.between(0.9, 1), 2),
          },
        });
      }
    }
  }
  return logs;
}
