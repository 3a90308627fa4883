// Calls of the Team Stacks, Player Groups, presets, cheat sheets and Admin tabs (docs/api.md
// "Optimizer data" and "Builder"), through the one request helper of client.ts.
import {
  UNABLE_TO_FETCH_OPT, type CheatSheet, type CustomPresetsReply, type ImportReply, type PlayerGroup, type PlayerGroupReply, type SitePresetsReply,
  type SuccessReply, type TeamStackRow,
} from '@stacksmith/domain';
import { BRAND, failAs, request, type SlateRef } from './client';

const seg = (value: string | number) => encodeURIComponent(String(value));
const dataScope = (r: SlateRef) => `${BRAND}/${r.site}/${seg(r.slate)}/${r.season}/${seg(r.counter)}`;
const appScope = (r: SlateRef) => `/${r.sport}/${BRAND}/${r.site}/${seg(r.slate)}/${r.season}/${seg(r.counter)}`;

/** A team stack row as stored: the per-team row, or a stack group (a row with players). */
export type TeamStackEntry = (TeamStackRow & { Opp?: string }) | (PlayerGroup & { TeamAbbrev?: undefined });

export interface CustomPresetSave {
  displayName: string;
  players?: unknown[];
  generalSettings?: Record<string, unknown>;
  stackSettings?: Record<string, unknown>;
  groups?: unknown[];
  delete?: boolean;
}

export const extrasApi = {
  teamStacks: (r: SlateRef, players: { TeamAbbrev: string; Opp?: string | null }[]) =>
    request<TeamStackEntry[]>('POST', `/${r.sport}/team-stacks/${dataScope(r)}`, {
      body: { players: players.map((p) => ({ TeamAbbrev: p.TeamAbbrev, Opp: p.Opp ?? null })) },
    }),
  saveTeamStacks: (r: SlateRef, teamStacks: TeamStackEntry[]) =>
    request<SuccessReply>('POST', `/${r.sport}/user-team-stacks/${dataScope(r)}`, { body: { teamStacks } }),
  deleteTeamStacks: (r: SlateRef) => request<SuccessReply>('DELETE', `/${r.sport}/user-team-stacks/${dataScope(r)}`),

  groups: (r: SlateRef) => request<PlayerGroupReply[]>('GET', `${appScope(r)}/user-groups`),
  saveGroups: (r: SlateRef, groups: PlayerGroup[]) =>
    request<{ success: boolean; groups?: PlayerGroup[] }>('POST', `${appScope(r)}/user-groups`, { body: { groups } }),

  presets: (r: SlateRef, numTeams: number) =>
    request<SitePresetsReply>('GET', `/${r.sport}/${r.contestType}/${r.site}/presets/${numTeams}`).catch(failAs(UNABLE_TO_FETCH_OPT)),
  customPresets: (r: SlateRef) => request<CustomPresetsReply>('GET', `${appScope(r)}/custom-presets`),
  saveCustomPreset: (r: SlateRef, body: CustomPresetSave) =>
    request<SuccessReply>('POST', `${appScope(r)}/custom-presets`, { body }),

  cheatSheets: (r: SlateRef) => request<CheatSheet[]>('GET', `${appScope(r)}/cheatsheets`),
  saveCheatSheet: (r: SlateRef, body: { displayName: string; playerPicks?: (string | number)[]; delete?: boolean }) =>
    request<SuccessReply>('POST', `${appScope(r)}/cheatsheets`, { body }),
};

export const adminApi = {
  /** write: false checks every row and answers a preview; nothing is written. */
  importFile: (kind: 'salaries' | 'projections', r: SlateRef, fileName: string, csv: string, write: boolean) =>
    request<ImportReply>('POST', `/admin/import/${kind}`, {
      body: { sport: r.sport, site: r.site, contestType: r.contestType, slate: r.slate, season: r.season, counter: r.counter, fileName, csv, write },
    }),
};
