// Team stack rows: one per team of the pool, with the stack permissions and
// the team limits. The house defaults are derived from the pool; a stored house row for the
// slate (team_stacks) or the user's own (user_team_stacks) takes precedence. The row's keys
// and defaults are the domain's, which the optimizer's stack rules read too.
import { TEAM_STACK_DEFAULTS, type TeamStackRow as DomainTeamStackRow } from '@stacksmith/domain';

/** A stored or default row: the domain's row with every key, plus the team's opponent. */
export type TeamStackRow = Required<DomainTeamStackRow> & { Opp: string };

export function defaultTeamStacks(players: readonly { TeamAbbrev?: unknown; Opp?: unknown }[]): TeamStackRow[] {
  const teams = new Map<string, string>();
  for (const p of players) {
    const team = typeof p.TeamAbbrev === 'string' ? p.TeamAbbrev : '';
    if (team && !teams.has(team)) teams.set(team, typeof p.Opp === 'string' ? p.Opp : '');
  }
  return [...teams.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([team, opp]) => ({
    TeamAbbrev: team, Opp: opp,
    ...TEAM_STACK_DEFAULTS,
  }));
}
