// The open slate's server state (its players, build settings and saved lineups) lives in the
// TanStack Query cache only, under the keys below. The builder page's hook (useBuilderData) is
// the one observer that fetches; tabs read the same cache entries without fetching. Edits change
// the cache in place (setQueryData, no refetch) and are saved debounced: to the server when
// logged in, to browser storage when not. Which slate is open is UI state (builderStore).
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  FAILED_TO_UPDATE_USER_PROJECTIONS, SAVE_DEBOUNCE_MS, UNABLE_TO_SAVE_LINEUP_DB, UNABLE_TO_UPDATE_SETTINGS,
  applyPlayerOverrides, defaultSettings, exposureDefaults, lineupHash, playerOverride, playersForContest, resolveSettings,
  type BuildSettings, type BuiltLineup, type PlayerOverride, type PlayerRow,
} from '@stacksmith/domain';
import { builderApi, overridesById, type SlateRef } from '../api/client';
import { useBuilder } from './builderStore';
import { keyedDebouncer } from './debounce';
import { slateKey } from './route';
import { isZeroed, useVisitorEdits } from './visitorStore';

export interface SlatePlayers {
  rows: PlayerRow[];
  updatedAt: string | null;
  maxSalary: number | null;
  /** The slate's only points are the site's season averages (AvgPointsPerGame, FPPG), not projections. */
  seasonAverages: boolean;
}

/** The query keys of a slate's server state, in one place. */
export const slateKeys = {
  /** The players of a slate whether logged in or not (a prefix of `players`). */
  playersOfSlate: (key: string) => ['slate', key, 'players'] as const,
  players: (key: string, loggedIn: boolean) => ['slate', key, 'players', loggedIn] as const,
  settings: (key: string, loggedIn: boolean) => ['slate', key, 'settings', loggedIn] as const,
  saved: (key: string) => ['slate', key, 'saved'] as const,
};

/** A fetched row with the defaults the table relies on (exposures, boost). */
function withDefaults(row: PlayerRow, zeroed: boolean): PlayerRow {
  const exposure = exposureDefaults(zeroed);
  return {
    ...row,
    MinExp: zeroed ? exposure.MinExp : Number(row.MinExp ?? exposure.MinExp),
    MaxExp: zeroed ? exposure.MaxExp : Number(row.MaxExp ?? exposure.MaxExp),
    Boost: Number(row.Boost ?? 0) || 0,
  };
}

export async function loadPlayers(ref: SlateRef, loggedIn: boolean): Promise<SlatePlayers> {
  const key = slateKey(ref);
  const answer = await builderApi.players(ref);
  const zeroed = loggedIn && isZeroed(key);
  const rows = playersForContest(ref.sport, ref.site, ref.contestType, answer.players.map((r) => withDefaults(r, zeroed)));
  let overrides: Map<string, PlayerOverride>;
  if (loggedIn) {
    // A failed user-projection fetch is ignored, so house values are shown.
    overrides = await builderApi.userProjections(ref).then(overridesById).catch(() => new Map());
  } else {
    overrides = new Map(Object.entries(useVisitorEdits.getState().slates[key]?.players ?? {}));
  }
  return { rows: applyPlayerOverrides(rows, overrides), updatedAt: answer.updated_at ?? null, maxSalary: answer.max_salary ?? null, seasonAverages: answer.season_averages === true };
}

/** maxSal defaults to the site cap or the slate's max_salary; a user's own value stays. */
function withSlateMaxSalary(settings: BuildSettings, maxSalary: number | null): BuildSettings {
  if (!maxSalary || settings.maxSal !== settings.maxSalDefault) return settings;
  return { ...settings, maxSal: maxSalary, maxSalDefault: maxSalary };
}

/** The site's settings, then the user's (server or browser storage), then the slate's max salary. */
async function loadSettings(client: QueryClient, ref: SlateRef, loggedIn: boolean): Promise<BuildSettings> {
  const site = await builderApi.siteSettings(ref.sport, ref.site).then((s) => s[ref.contestType] ?? {}).catch(() => ({}));
  let user: Partial<BuildSettings> = {};
  if (loggedIn) {
    user = await builderApi.userSettings(ref).catch(() => ({}));
  } else {
    user = useVisitorEdits.getState().slates[slateKey(ref)]?.settings ?? {};
  }
  // The players' answer (in flight or arrived); a failed one is not asked for again here: the
  // page shows its error, and a second request would only repeat it.
  const playersOptions = playersQuery(ref, loggedIn);
  const failed = client.getQueryState(playersOptions.queryKey)?.status === 'error';
  const players = failed ? null : await client.ensureQueryData(playersOptions).catch(() => null);
  return withSlateMaxSalary(resolveSettings(ref.sport, ref.site, ref.contestType, { ...site, ...user }), players?.maxSalary ?? null);
}

async function loadSaved(ref: SlateRef): Promise<BuiltLineup[]> {
  const answer = await builderApi.savedLineups(ref);
  return answer.lineups.map((l) => ({ ...l, saved: true }));
}

// The key used when no slate is open: its queries never run.
const NO_SLATE = '';

/** Players stay as fetched until refreshed: a refetch would drop edits not yet saved. */
export const playersQuery = (ref: SlateRef | null, loggedIn: boolean) => queryOptions({
  queryKey: slateKeys.players(ref ? slateKey(ref) : NO_SLATE, loggedIn),
  queryFn: ref ? () => loadPlayers(ref, loggedIn) : skipToken,
  // Each opening of a slate loads it afresh (nothing is kept once the page is left).
  staleTime: Infinity, gcTime: 0,
});

export const settingsQuery = (client: QueryClient, ref: SlateRef | null, loggedIn: boolean) => queryOptions({
  queryKey: slateKeys.settings(ref ? slateKey(ref) : NO_SLATE, loggedIn),
  queryFn: ref ? () => loadSettings(client, ref, loggedIn) : skipToken,
  staleTime: Infinity, gcTime: 0,
});

/** Fetches the slate's players again (after its files or the user's inputs changed on the server). */
export function refetchPlayers(client: QueryClient, key: string) {
  return client.invalidateQueries({ queryKey: slateKeys.playersOfSlate(key) });
}

/** Saved lineups are the logged-in user's only. */
export const savedQuery = (ref: SlateRef | null, loggedIn: boolean) => queryOptions({
  queryKey: slateKeys.saved(ref ? slateKey(ref) : NO_SLATE),
  queryFn: ref && loggedIn ? () => loadSaved(ref) : skipToken,
});

// ---- Reading (no fetch: the builder page's observer fetches) ----

const NO_ROWS: PlayerRow[] = [];
const NO_LINEUPS: BuiltLineup[] = [];

function useOpenSlate() {
  const ref = useBuilder((s) => s.ref);
  const loggedIn = useBuilder((s) => s.loggedIn);
  return { ref, loggedIn };
}

function usePlayersQuery() {
  const { ref, loggedIn } = useOpenSlate();
  return useQuery({ ...playersQuery(ref, loggedIn), enabled: false });
}

/** The open slate's player rows (empty while loading or after a failed fetch). */
export function usePlayers(): PlayerRow[] {
  return usePlayersQuery().data?.rows ?? NO_ROWS;
}

/** Whether the players are loading or failed; reading only these keeps edits from re-rendering the caller. */
export function usePlayersStatus() {
  const query = usePlayersQuery();
  return { loading: query.isPending, failedLoading: query.isError };
}

/** When the slate's data was last updated, its max salary and whether its points are season averages. */
export function useSlateFacts() {
  const data = usePlayersQuery().data;
  return { updatedAt: data?.updatedAt ?? null, maxSalary: data?.maxSalary ?? null, seasonAverages: data?.seasonAverages ?? false };
}

function useSettingsQuery() {
  const client = useQueryClient();
  const { ref, loggedIn } = useOpenSlate();
  return useQuery({ ...settingsQuery(client, ref, loggedIn), enabled: false });
}

/** The open slate's build settings, null until loaded. */
export function useSettings(): BuildSettings | null {
  return useSettingsQuery().data ?? null;
}

export function useSettingsLoading(): boolean {
  return useSettingsQuery().isPending;
}

/** The logged-in user's saved lineups of the open slate. */
export function useSaved(): BuiltLineup[] {
  const { ref, loggedIn } = useOpenSlate();
  return useQuery({ ...savedQuery(ref, loggedIn), enabled: false }).data ?? NO_LINEUPS;
}

/** What a build reads when it starts (outside render). */
export function slateSnapshot(client: QueryClient) {
  const { ref, key, loggedIn } = useBuilder.getState();
  return {
    ref, key,
    players: client.getQueryData(playersQuery(ref, loggedIn).queryKey)?.rows ?? NO_ROWS,
    settings: client.getQueryData(settingsQuery(client, ref, loggedIn).queryKey) ?? null,
    saved: client.getQueryData(savedQuery(ref, loggedIn).queryKey) ?? NO_LINEUPS,
  };
}

// ---- Editing ----

// Saves are debounced per slate; opening another slate flushes what is pending first.
let projectionSaver: { slate: string; saver: ReturnType<typeof keyedDebouncer<PlayerOverride>> } | null = null;

function saverFor(ref: SlateRef, loggedIn: boolean) {
  const key = slateKey(ref);
  const slate = `${key}|${loggedIn}`;
  if (projectionSaver?.slate === slate) return projectionSaver.saver;
  projectionSaver?.saver.flushNow();
  const saver = keyedDebouncer<PlayerOverride>(SAVE_DEBOUNCE_MS, (rows) => {
    if (loggedIn) {
      builderApi.saveUserProjections(ref, rows).catch((error) => console.error(FAILED_TO_UPDATE_USER_PROJECTIONS, error));
    } else {
      useVisitorEdits.getState().savePlayers(key, rows);
    }
  });
  projectionSaver = { slate, saver };
  return saver;
}

let settingsSave: { timer: ReturnType<typeof setTimeout>; flush: () => void; changed: Partial<BuildSettings> } | null = null;

/** Saves what is waiting for its debounce now (on leaving a slate). */
export function flushPendingSaves(): void {
  projectionSaver?.saver.flushNow();
  if (settingsSave) {
    clearTimeout(settingsSave.timer);
    settingsSave.flush();
  }
}

/** Applies a pure edit to the open slate's table in the cache and saves the rows it changed. */
export function editPlayers(client: QueryClient, edit: (rows: PlayerRow[]) => PlayerRow[]): void {
  const { ref, loggedIn } = useBuilder.getState();
  if (!ref) return;
  const { queryKey } = playersQuery(ref, loggedIn);
  const current = client.getQueryData(queryKey);
  if (!current) return;
  const after = edit(current.rows);
  if (after === current.rows) return;
  const changed = after.filter((row, i) => row !== current.rows[i]);
  client.setQueryData(queryKey, { ...current, rows: after });
  saverFor(ref, loggedIn).push(changed.map(playerOverride));
}

/** Sets settings in the cache without saving them. */
export function overrideSettings(client: QueryClient, settings: Partial<BuildSettings>): void {
  const { ref, loggedIn } = useBuilder.getState();
  client.setQueryData(settingsQuery(client, ref, loggedIn).queryKey, (current) => (current ? { ...current, ...settings } : current));
}

/** Merges settings into the cache and saves them after SAVE_DEBOUNCE_MS of quiet. */
export function updateSettings(client: QueryClient, settings: Partial<BuildSettings>): void {
  const { ref, key, loggedIn } = useBuilder.getState();
  if (!ref) return;
  overrideSettings(client, settings);
  const all = client.getQueryData(settingsQuery(client, ref, loggedIn).queryKey);
  const changed = { ...(settingsSave?.changed ?? {}), ...settings };
  if (settingsSave) clearTimeout(settingsSave.timer);
  const flush = () => {
    settingsSave = null;
    // The server replaces the stored settings with what it gets, so it gets all of them.
    if (loggedIn) {
      if (all) builderApi.saveUserSettings(ref, all).catch((error) => console.error(UNABLE_TO_UPDATE_SETTINGS, error));
    } else {
      useVisitorEdits.getState().saveSettings(key, changed);
    }
  };
  settingsSave = { timer: setTimeout(flush, SAVE_DEBOUNCE_MS), flush, changed };
}

/** Restores the defaults at once, on the server or in browser storage. */
export function resetSettings(client: QueryClient): void {
  const { ref, key, loggedIn } = useBuilder.getState();
  if (!ref) return;
  const defaults = defaultSettings(ref.sport, ref.site, ref.contestType);
  client.setQueryData(settingsQuery(client, ref, loggedIn).queryKey, defaults);
  if (loggedIn) builderApi.saveUserSettings(ref, defaults).catch((error) => console.error(UNABLE_TO_UPDATE_SETTINGS, error));
  else useVisitorEdits.getState().clearSettings(key);
}

export function useEditPlayers() {
  const client = useQueryClient();
  return useCallback((edit: (rows: PlayerRow[]) => PlayerRow[]) => editPlayers(client, edit), [client]);
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useCallback((settings: Partial<BuildSettings>) => updateSettings(client, settings), [client]);
}

export function useResetSettings() {
  const client = useQueryClient();
  return useCallback(() => resetSettings(client), [client]);
}

/** Saves lineups beside the saved ones (the server keeps the whole list); the result marks them saved. */
export function useSaveLineups() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (lineups: BuiltLineup[]) => {
      const { ref, loggedIn } = useBuilder.getState();
      if (!ref) return null;
      const { queryKey } = savedQuery(ref, loggedIn);
      const saved = client.getQueryData(queryKey) ?? [];
      const known = new Set(saved.map((l) => l.lineupHash));
      const fresh = lineups
        .map((l) => ({ ...l, lineupHash: l.lineupHash || lineupHash(l.rawTable), saved: true }))
        .filter((l) => !known.has(l.lineupHash));
      const all = [...saved, ...fresh];
      try {
        const answer = await builderApi.saveLineups(ref, all);
        if (answer.success === false) throw new Error(UNABLE_TO_SAVE_LINEUP_DB);
      } catch (error) {
        console.error(UNABLE_TO_SAVE_LINEUP_DB, error);
        throw new Error(UNABLE_TO_SAVE_LINEUP_DB);
      }
      return { queryKey, all };
    },
    onSuccess: (answer) => {
      if (!answer) return;
      client.setQueryData(answer.queryKey, answer.all);
      useBuilder.getState().markSaved(answer.all.map((l) => l.lineupHash));
    },
  });
  return mutation.mutateAsync;
}
