// Analysis calls of the web app (docs/api.md "Every call").
import {
  UNABLE_TO_FETCH_EXPOSURE_STATS, UNABLE_TO_FETCH_OPT, type ExposureStatsReply, type LineupComparisonReply, type OffListReply, type OnOffPlayerReply,
  type OnOffValuesReply, type PlayerCountReply, type PlayerRow, type PropsReply, type Site, type TopStacksReply,
} from '@stacksmith/domain';
import { analyticsCall, failAs, request } from './client';

// The on/off and exposure replies echo the rows the client sent (PlayerRows) with values added:
// their types are the client's row with the reply's fields.

/** The on/off report's row of an on player: the client's own row with his on/off values. */
export type OnOffPlayer = PlayerRow & OnOffPlayerReply;

export const analysisCalls = {
  /** No auth: visitors see this page too. */
  props: (season: number, week: number) =>
    analyticsCall('props', request<PropsReply>('GET', `/nfl/analysis/${season}/${week}/props`)).then((r) => r.props),
  topStacks: (season: number, week: number, site: Site) =>
    analyticsCall('top stacks', request<TopStacksReply>('GET', `/nfl/analysis/top-stacks/${season}/${week}/${site}`)),
  playerCount: (numTeams: number, numLUs: number) =>
    analyticsCall('player count', request<PlayerCountReply>('GET', `/nfl/analysis/build-analysis/player-count/${numTeams}/${numLUs}`)),
  offList: (playerTable: PlayerRow[]) =>
    analyticsCall('on/off list', request<OffListReply>('POST', '/analysis/nba/on-off/off-list', { body: { playerTable } })).then((r) => r.off_list),
  onOffValues: (body: { playerTable: PlayerRow[]; updatedAt?: string; offList: string[]; site: Site; minMinutes: number }) =>
    analyticsCall('on/off values', request<Omit<OnOffValuesReply, 'players'> & { players: OnOffPlayer[] }>('POST', '/analysis/nba/on-off/values', { body })),
  lineupComparison: (sport: string, season: number, counter: string, body: { lineups: unknown[]; slateSize: number; site: Site; lineupSize: number }) =>
    request<LineupComparisonReply>('POST', `/${sport}/summary-data/${season}/${encodeURIComponent(counter)}`, { body }).then((r) => r.lineup_comparison, failAs(UNABLE_TO_FETCH_OPT)),
  exposureStats: (sport: string, lineupSize: number, body: { players: PlayerRow[]; lineups: unknown[] }) =>
    request<{ players: (PlayerRow & ExposureStatsReply['players'][number])[] }>('POST', `/${sport}/exposure-stats/${lineupSize}`, { body, auth: false }).then((r) => r.players, failAs(UNABLE_TO_FETCH_EXPOSURE_STATS)),
};

