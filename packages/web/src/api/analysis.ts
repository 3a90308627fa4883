// Analysis calls of the web app (docs/api.md "Every call").
import { UNABLE_TO_FETCH_EXPOSURE_STATS, UNABLE_TO_FETCH_OPT, type FinishBucket, type PlayerRow, type Site } from '@stacksmith/domain';
import { analyticsCall, failAs, request } from './client';

export interface PropRow {
  market: string; Name: string; Team: string; Position: string; oddsAmerican: number;
  /** Absent when the plan lacks opt.nfl.ownership (the server withholds it), null when the player is on no slate. */
  projOwn?: number | null; salary: number | null;
}

export interface TopStackRow { QB: string; Team: string; Players: string[]; Count: number; TopCount: number; Pct: number; AvgPoints: number }
export type StackShareRow = { Stack: string; All: number } & Record<FinishBucket, number>;
export interface TopStacksResponse { stacks: TopStackRow[]; entries: number; stackShares: StackShareRow[] }

export interface OnOffPlayer extends PlayerRow {
  ProjMins?: number; OnOffMins: number; OnOffUsage: number; OnOffPts: number; OnOffDiff: number; Value: number; OnOffValueDiff: number;
}
export interface OnOffValue {
  Id: string; Name: string; TeamAbbrev: string; Salary: number; ProjMins: number; ProjPts: number;
  OnOffMins: number; OnOffUsage: number; OnOffPts: number; OnOffDiff: number; Value: number; OnOffValueDiff: number;
}

export interface PositionCountRange { Min: number; Max: number; Pct_25: number; Pct_75: number }

export const analysisCalls = {
  /** No auth: visitors see this page too. */
  props: (season: number, week: number) =>
    analyticsCall('props', request<{ props: PropRow[] }>('GET', `/nfl/analysis/${season}/${week}/props`)).then((r) => r.props),
  topStacks: (season: number, week: number, site: Site) =>
    analyticsCall('top stacks', request<TopStacksResponse>('GET', `/nfl/analysis/top-stacks/${season}/${week}/${site}`)),
  playerCount: (numTeams: number, numLUs: number) =>
    analyticsCall('player count', request<Record<string, PositionCountRange>>('GET', `/nfl/analysis/build-analysis/player-count/${numTeams}/${numLUs}`)),
  offList: (playerTable: PlayerRow[]) =>
    analyticsCall('on/off list', request<{ off_list: string[] }>('POST', '/analysis/nba/on-off/off-list', { body: { playerTable } })).then((r) => r.off_list),
  onOffValues: (body: { playerTable: PlayerRow[]; updatedAt?: string; offList: string[]; site: Site; minMinutes: number }) =>
    analyticsCall('on/off values', request<{ values: OnOffValue[]; players: OnOffPlayer[]; off_list: string[] }>('POST', '/analysis/nba/on-off/values', { body })),
  lineupComparison: (sport: string, season: number, counter: string, body: { lineups: unknown[]; slateSize: number; site: Site; lineupSize: number }) =>
    request<{ lineup_comparison: LineupComparisonRow[] }>('POST', `/${sport}/summary-data/${season}/${encodeURIComponent(counter)}`, { body }).then((r) => r.lineup_comparison, failAs(UNABLE_TO_FETCH_OPT)),
  exposureStats: (sport: string, lineupSize: number, body: { players: PlayerRow[]; lineups: unknown[] }) =>
    request<{ players: (PlayerRow & { Count: number; Exp: number; userRankPos: number })[] }>('POST', `/${sport}/exposure-stats/${lineupSize}`, { body, auth: false }).then((r) => r.players, failAs(UNABLE_TO_FETCH_EXPOSURE_STATS)),
};

export type LineupComparisonRow = { Metric: string; MyPcts: number } & Record<FinishBucket, number>;
