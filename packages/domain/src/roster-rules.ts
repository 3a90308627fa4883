// The site's team and game rules of a lineup (RosterSpec.teamRules) read as checks: which
// rules a lineup breaks, and whether a player pool leaves room for them at all. The optimizer
// turns the same table into model rows (teamRulesParts in packages/optimizer/src/rules.ts).
import { coded, keptLineupLeftOutMessage, siteMinGamesMessage, siteMinTeamsMessage, siteTeamCapMessage, type CodedMessage } from './messages.js';
import { canonicalPositions, SITE_NAMES, type RosterSpec } from './roster.js';
import { siteId } from './showdown.js';

export interface RulePlayer {
  TeamAbbrev: string;
  Opp?: string | null;
  Position: string;
}

/** A game as its two teams in alphabetical order ('DAL@NYG'); a player without an Opp is his team's own. */
export function gameKey(team: string, opp: string | null | undefined): string {
  const a = team.trim().toUpperCase();
  const b = (opp ?? '').trim().toUpperCase();
  return b === '' ? a : [a, b].sort().join('@');
}

function counts(roster: RosterSpec, positions: readonly string[] | undefined) {
  return (p: RulePlayer) => !positions || canonicalPositions(roster, p.Position).some((q) => positions.includes(q));
}

/** Messages of the site rules a lineup (its players, each once) breaks; [] when it keeps them all. */
export function lineupRuleViolations(roster: RosterSpec, players: readonly RulePlayer[]): string[] {
  const rules = roster.teamRules;
  if (roster.teamless || !rules) return [];
  const site = SITE_NAMES[roster.site];
  const out: string[] = [];
  if (rules.maxPerTeam) {
    const { count, positions } = rules.maxPerTeam;
    const byTeam = new Map<string, number>();
    for (const p of players.filter(counts(roster, positions))) byTeam.set(p.TeamAbbrev, (byTeam.get(p.TeamAbbrev) ?? 0) + 1);
    for (const [team, n] of byTeam) if (n > count) out.push(siteTeamCapMessage(site, count, positions ? 'hitters' : 'players', team, n));
  }
  if (rules.minTeams) {
    const teams = new Set(players.filter(counts(roster, rules.minTeams.positions)).map((p) => p.TeamAbbrev));
    if (teams.size < rules.minTeams.count) out.push(siteMinTeamsMessage(site, rules.minTeams.count, teams.size));
  }
  if (rules.minGames) {
    const games = new Set(players.map((p) => gameKey(p.TeamAbbrev, p.Opp)));
    if (games.size < rules.minGames) out.push(siteMinGamesMessage(site, rules.minGames, games.size));
  }
  return out;
}

/**
 * The site rules a lineup given by its players' Ids breaks, each player found among the slate's
 * rows by his Id ('Id|RosterPosition') or his site Id. A lineup with a player not among the rows
 * is not judged here ([]): another check names him. For lineups that carry Ids only: saved and
 * locked lineups, the lineups of an entries file or of a selection.
 */
export function lineupIdsRuleViolations(
  roster: RosterSpec, ids: readonly string[], players: readonly (RulePlayer & { Id: string })[],
): string[] {
  const byId = new Map<string, RulePlayer>();
  for (const p of players) {
    byId.set(String(p.Id), p);
    if (!byId.has(siteId(String(p.Id)))) byId.set(siteId(String(p.Id)), p);
  }
  const found = ids.map((id) => byId.get(String(id)) ?? byId.get(siteId(String(id))));
  // Teams or games are counted over the whole lineup only: with a player unknown they could be undercounted.
  if (found.some((p) => p === undefined)) return [];
  return lineupRuleViolations(roster, found as RulePlayer[]);
}

/**
 * Lineups kept as they are (saved, locked) split by the site's rules: those the site accepts,
 * and a message for each one it would refuse, named by `label`. Every path that takes a lineup
 * the user kept runs it through this before sending, showing or entering it.
 */
export function splitBySiteRules<L extends { rawTable: readonly { Id: unknown }[] }>(
  roster: RosterSpec, lineups: readonly L[], players: readonly (RulePlayer & { Id: string })[], label: (lineup: L, index: number) => string,
): { accepted: L[]; refused: string[] } {
  const accepted: L[] = [];
  const refused: string[] = [];
  lineups.forEach((lineup, i) => {
    const broken = lineupIdsRuleViolations(roster, lineup.rawTable.map((r) => String(r.Id)), players);
    if (broken.length > 0) refused.push(keptLineupLeftOutMessage(label(lineup, i), broken));
    else accepted.push(lineup);
  });
  return { accepted, refused };
}

/**
 * Why no lineup of these players (those a build may still use) can keep the site's team or
 * game rule, or null: too few teams or games are left (a whole game faded, all but one team
 * excluded). A clear pre-build error instead of an infeasible build.
 */
export function teamRulesShortfall(roster: RosterSpec, available: readonly RulePlayer[]): CodedMessage | null {
  const rules = roster.teamRules;
  if (roster.teamless || !rules || available.length === 0) return null;
  const site = SITE_NAMES[roster.site];
  if (rules.minTeams) {
    const teams = [...new Set(available.filter(counts(roster, rules.minTeams.positions)).map((p) => p.TeamAbbrev))].sort();
    if (teams.length < rules.minTeams.count) return coded('site-rule-impossible', { site, min: rules.minTeams.count, unit: 'teams', left: teams });
  }
  if (rules.minGames) {
    const games = [...new Set(available.map((p) => gameKey(p.TeamAbbrev, p.Opp)))].sort();
    if (games.length < rules.minGames) return coded('site-rule-impossible', { site, min: rules.minGames, unit: 'games', left: games });
  }
  return null;
}
