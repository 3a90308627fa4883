// A fresh build never uses a player whose game has started: the sites do not let a started
// player be added to an entry. Which players have started is the domain's rule
// (startedPlayerIds: the file's In Progress/Final/LOCKED marks, and on a slate being played
// the game times before now); this step takes them out of the build with one warning saying
// how many. Late swap does not go through here: it keeps started players where they stand.
import { sportHasTeams, startedPlayerIds, startedPlayersWarning, type CodedMessage } from '@stacksmith/domain';
import { requestNow } from './late-swap.js';
import type { BuildRequest, PoolPlayer } from './types.js';

/** The request's players with the started ones at Max Exp 0 (and Min Exp 0), and the warning; the same players when none started. */
export function leaveOutStartedPlayers(request: BuildRequest): { players: PoolPlayer[]; warning: CodedMessage | null } {
  const started = startedPlayerIds(request.players, requestNow(request.now), {
    practice: request.practice === true, teams: sportHasTeams(request.sport),
  });
  if (started.size === 0) return { players: request.players, warning: null };
  const players = request.players.map((p) => (started.has(p.Id) ? { ...p, MinExp: 0, MaxExp: 0 } : p));
  return { players, warning: startedPlayersWarning(request.players, started) };
}
