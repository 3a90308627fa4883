// The open slate's team stacks (team rows and stack groups) and player groups: server state in
// the query cache under extrasKeys, fetched by the builder page (useBuilderExtras: groups on
// opening, team stacks once the players are in) and read by the tabs. Each edit changes the
// cache at once, then saves: to the server when logged in, to browser storage for visitors
// (they have no account). buildExtras() gives a build its share of them.
import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  SAVE_DEBOUNCE_MS, UNABLE_TO_FETCH_GROUPS, UNABLE_TO_FETCH_TEAM_STACKS, UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, UNABLE_TO_SAVE_GROUPS,
  UNABLE_TO_UPDATE_TEAM_STACKS_DB, groupsForSend, normalizeGroup, type PlayerGroup, type TeamStackRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { extrasApi, type TeamStackEntry } from '../api/extras';
import { useBuilder } from './builderStore';
import { activeAfterStartLineups, useExtras, type AfterStartLineup } from './extrasStore';
import { slateKey } from './route';
import { playersQuery } from './slateData';

export type TeamRow = TeamStackRow & { Opp?: string };

export interface TeamStacks {
  teamRows: TeamRow[];
  stackGroups: PlayerGroup[];
}

export const extrasKeys = {
  teamStacks: (key: string, loggedIn: boolean) => ['slate', key, 'team-stacks', loggedIn] as const,
  groups: (key: string, loggedIn: boolean) => ['slate', key, 'groups', loggedIn] as const,
};

const VISITOR_PREFIX = 'stacksmith.extras.';

export const isStackGroup = (entry: TeamStackEntry): entry is PlayerGroup & { TeamAbbrev?: undefined } =>
  Array.isArray((entry as PlayerGroup).players);

function readVisitor<T>(key: string, kind: string): T | null {
  try {
    const text = localStorage.getItem(`${VISITOR_PREFIX}${kind}.${key}`);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeVisitor(key: string, kind: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(`${VISITOR_PREFIX}${kind}.${key}`);
    else localStorage.setItem(`${VISITOR_PREFIX}${kind}.${key}`, JSON.stringify(value));
  } catch {
    // storage full or blocked: the edit stays in memory for this visit
  }
}

function splitEntries(entries: readonly TeamStackEntry[]): TeamStacks {
  return {
    teamRows: entries.filter((e) => !isStackGroup(e)) as TeamRow[],
    stackGroups: entries.filter(isStackGroup).map((g) => {
      const { TeamAbbrev: _team, ...group } = g;
      return group as PlayerGroup;
    }),
  };
}

const joinEntries = (stacks: TeamStacks): TeamStackEntry[] =>
  [...stacks.teamRows, ...stacks.stackGroups.map((g) => ({ ...g, TeamAbbrev: undefined }))];

/** The user's (or a visitor's stored) team stacks, else the house's, else defaults from the slate's players. */
async function loadTeamStacks(client: QueryClient, ref: SlateRef, loggedIn: boolean): Promise<TeamStacks> {
  const key = slateKey(ref);
  const players = client.getQueryData(playersQuery(ref, loggedIn).queryKey)?.rows ?? [];
  // Pools without teams (pga, mma) have no team stacks; the server would refuse them.
  if (!players.some((p) => p.TeamAbbrev)) return splitEntries([]);
  const stored = loggedIn ? null : readVisitor<TeamStackEntry[]>(key, 'teamStacks');
  try {
    return splitEntries(stored ?? (await extrasApi.teamStacks(ref, players)));
  } catch (error) {
    console.error(UNABLE_TO_FETCH_TEAM_STACKS, error);
    throw error;
  }
}

async function loadGroups(ref: SlateRef, loggedIn: boolean): Promise<PlayerGroup[]> {
  if (!loggedIn) return readVisitor<PlayerGroup[]>(slateKey(ref), 'groups') ?? [];
  try {
    return (await extrasApi.groups(ref)).map((g: PlayerGroup) => normalizeGroup(g) as PlayerGroup);
  } catch (error) {
    // A failed fetch logs and leaves an empty list.
    console.error(UNABLE_TO_FETCH_GROUPS, error);
    throw error;
  }
}

const keyOf = (ref: SlateRef | null) => (ref ? slateKey(ref) : '');
// Loaded once per opening of the slate; edits change the cache, so a refetch would only lose unsaved ones.
const perOpening = { staleTime: Infinity, gcTime: 0 } as const;

export const teamStacksQuery = (client: QueryClient, ref: SlateRef | null, loggedIn: boolean) => queryOptions({
  queryKey: extrasKeys.teamStacks(keyOf(ref), loggedIn),
  queryFn: ref ? () => loadTeamStacks(client, ref, loggedIn) : skipToken,
  ...perOpening,
});

export const groupsQuery = (ref: SlateRef | null, loggedIn: boolean) => queryOptions({
  queryKey: extrasKeys.groups(keyOf(ref), loggedIn),
  queryFn: ref ? () => loadGroups(ref, loggedIn) : skipToken,
  ...perOpening,
});

// ---- Editing ----

let teamSaveTimer: ReturnType<typeof setTimeout> | null = null;

/** Changes the team stacks in the cache and saves all of them after SAVE_DEBOUNCE_MS of quiet. */
export function editTeamStacks(client: QueryClient, edit: (stacks: TeamStacks) => TeamStacks): void {
  const { ref, key, loggedIn } = useBuilder.getState();
  if (!ref) return;
  const { queryKey } = teamStacksQuery(client, ref, loggedIn);
  client.setQueryData(queryKey, (stacks) => edit(stacks ?? { teamRows: [], stackGroups: [] }));
  if (teamSaveTimer) clearTimeout(teamSaveTimer);
  teamSaveTimer = setTimeout(() => {
    teamSaveTimer = null;
    const stacks = client.getQueryData(queryKey);
    if (!stacks) return;
    const all = joinEntries(stacks);
    if (loggedIn) extrasApi.saveTeamStacks(ref, all).catch((error) => console.error(UNABLE_TO_UPDATE_TEAM_STACKS_DB, error));
    else writeVisitor(key, 'teamStacks', all);
  }, SAVE_DEBOUNCE_MS);
}

/** Reset deletes the user's team stacks, then fetches them again, so the house rows come back. */
export async function resetTeamStacks(client: QueryClient): Promise<void> {
  const { ref, key, loggedIn } = useBuilder.getState();
  if (!ref) return;
  if (teamSaveTimer) clearTimeout(teamSaveTimer);
  teamSaveTimer = null;
  if (loggedIn) {
    await extrasApi.deleteTeamStacks(ref).catch((error) => console.error(UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, error));
  } else {
    writeVisitor(key, 'teamStacks', null);
  }
  await client.fetchQuery({ ...teamStacksQuery(client, ref, loggedIn), staleTime: 0 }).catch(() => undefined);
}

/** Groups: the list in the cache changes at once, then the whole list is saved. */
export async function changeGroups(client: QueryClient, change: (groups: PlayerGroup[]) => PlayerGroup[]): Promise<void> {
  const { ref, key, loggedIn } = useBuilder.getState();
  const { queryKey } = groupsQuery(ref, loggedIn);
  const next = change(client.getQueryData(queryKey) ?? []);
  client.setQueryData(queryKey, next);
  if (!ref) return;
  if (!loggedIn) {
    writeVisitor(key, 'groups', next);
    return;
  }
  try {
    const answer = await extrasApi.saveGroups(ref, next);
    if (answer.success === false) throw new Error(UNABLE_TO_SAVE_GROUPS);
  } catch (error) {
    // The cache keeps the change, so a failed save loses nothing on screen.
    console.error(UNABLE_TO_SAVE_GROUPS, error);
  }
}

// ---- Hooks of the tabs (they read; the builder page fetches) ----

const NO_TEAM_STACKS: TeamStacks = { teamRows: [], stackGroups: [] };
const NO_GROUPS: PlayerGroup[] = [];

export function useTeamStacks() {
  const client = useQueryClient();
  const ref = useBuilder((s) => s.ref);
  const loggedIn = useBuilder((s) => s.loggedIn);
  const query = useQuery({ ...teamStacksQuery(client, ref, loggedIn), enabled: false });
  const stacks = query.data ?? NO_TEAM_STACKS;
  return {
    teamRows: stacks.teamRows,
    stackGroups: stacks.stackGroups,
    loading: query.isFetching,
    failedLoading: query.isError,
    updateTeamRow: useCallback((team: string, patch: Partial<TeamRow>) => editTeamStacks(client, (s) => ({
      ...s, teamRows: s.teamRows.map((r) => (r.TeamAbbrev === team ? { ...r, ...patch } : r)),
    })), [client]),
    /** Adds a stack group, or replaces the one with the same ID. */
    setStackGroup: useCallback((group: PlayerGroup) => editTeamStacks(client, (s) => {
      const normal = normalizeGroup(group) as PlayerGroup;
      const at = s.stackGroups.findIndex((g) => g.ID === group.ID);
      return { ...s, stackGroups: at < 0 ? [...s.stackGroups, normal] : s.stackGroups.map((g, i) => (i === at ? normal : g)) };
    }), [client]),
    removeStackGroup: useCallback((id: PlayerGroup['ID']) => editTeamStacks(client, (s) => ({
      ...s, stackGroups: s.stackGroups.filter((g) => g.ID !== id),
    })), [client]),
    resetTeamStacks: useCallback(() => resetTeamStacks(client), [client]),
  };
}

export function useGroups() {
  const client = useQueryClient();
  const ref = useBuilder((s) => s.ref);
  const loggedIn = useBuilder((s) => s.loggedIn);
  const query = useQuery({ ...groupsQuery(ref, loggedIn), enabled: false });
  return {
    groups: query.data ?? NO_GROUPS,
    loading: query.isFetching,
    /** Adds a group, or replaces the one with the same ID. */
    updateGroup: useCallback((group: PlayerGroup) => changeGroups(client, (list) => {
      const at = list.findIndex((g) => g.ID === group.ID);
      return at < 0 ? [...list, group] : list.map((g, i) => (i === at ? group : g));
    }), [client]),
    removeGroup: useCallback((id: PlayerGroup['ID']) => changeGroups(client, (list) => list.filter((g) => g.ID !== id)), [client]),
    replaceGroups: useCallback((groups: PlayerGroup[]) => changeGroups(client, () => groups), [client]),
    removeAllGroups: useCallback(() => changeGroups(client, () => []), [client]),
  };
}

/** The build message's teamStacks, groups and after-start fields (docs/api.md "The build stream"). */
export function buildExtras(client: QueryClient): {
  teamStacks: unknown[]; groups: unknown[]; afterStartActivated: boolean; afterStartLineups: AfterStartLineup[];
} {
  const { ref, loggedIn } = useBuilder.getState();
  const stacks = client.getQueryData(teamStacksQuery(client, ref, loggedIn).queryKey) ?? NO_TEAM_STACKS;
  const groups = client.getQueryData(groupsQuery(ref, loggedIn).queryKey) ?? NO_GROUPS;
  const { afterStart } = useExtras.getState();
  const lineups = activeAfterStartLineups(afterStart.sets);
  const activated = afterStart.activated && lineups.length > 0;
  return {
    teamStacks: [...stacks.teamRows, ...groupsForSend(stacks.stackGroups)],
    groups: groupsForSend(groups),
    afterStartActivated: activated,
    afterStartLineups: activated ? lineups : [],
  };
}
