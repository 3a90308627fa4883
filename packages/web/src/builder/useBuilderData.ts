// Server state of the builder page through TanStack Query, copied into the builder store where
// the user edits it. Failed background fetches are retried after 3000 ms (QueryClient defaults).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyPlayerOverrides, exposureDefaults, playersForContest, resolveSettings,
  UNABLE_TO_FETCH_PLAYERS,
  type BuildSettings, type BuiltLineup, type PlayerOverride, type PlayerRow,
} from '@stacksmith/domain';
import { builderApi, overridesById, type SlateRef } from '../api/client';
import { useBuilder } from './builderStore';
import { slateKey } from './route';
import { isZeroed, useVisitorEdits } from './visitorStore';

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

export async function loadPlayers(ref: SlateRef, loggedIn: boolean) {
  const key = slateKey(ref);
  const answer = await builderApi.players(ref);
  const zeroed = loggedIn && isZeroed(key);
  const rows = playersForContest(ref.sport, ref.site, ref.contestType, (answer.players ?? []).map((r) => withDefaults(r, zeroed)));
  let overrides: Map<string, PlayerOverride>;
  if (loggedIn) {
    // A failed user-projection fetch is ignored, so house values are shown.
    overrides = await builderApi.userProjections(ref).then(overridesById).catch(() => new Map());
  } else {
    overrides = new Map(Object.entries(useVisitorEdits.getState().slates[key]?.players ?? {}));
  }
  return { rows: applyPlayerOverrides(rows, overrides), updatedAt: answer.updated_at ?? null, maxSalary: answer.max_salary ?? null, seasonAverages: answer.season_averages === true };
}

async function loadSettings(ref: SlateRef, loggedIn: boolean): Promise<BuildSettings> {
  const site = await builderApi.siteSettings(ref.sport, ref.site).then((s) => s?.[ref.contestType] ?? {}).catch(() => ({}));
  let user: Partial<BuildSettings> = {};
  if (loggedIn) {
    const answer = await builderApi.userSettings(ref).catch(() => null);
    user = ((answer && typeof answer === 'object' && 'settings' in answer ? answer.settings : answer) ?? {}) as Partial<BuildSettings>;
  } else {
    user = useVisitorEdits.getState().slates[slateKey(ref)]?.settings ?? {};
  }
  return resolveSettings(ref.sport, ref.site, ref.contestType, { ...site, ...user });
}

async function loadSaved(ref: SlateRef): Promise<BuiltLineup[]> {
  const answer = await builderApi.savedLineups(ref);
  const list = Array.isArray(answer) ? answer : answer?.lineups ?? [];
  return list.map((l) => ({ ...l, saved: true }));
}

export function useBuilderData(ref: SlateRef, loggedIn: boolean) {
  const key = slateKey(ref);
  // Its actions only: subscribing to the whole store re-rendered the builder page (every tab)
  // on every change, each batch of a build included.
  const store = useBuilder.getState();
  const client = useQueryClient();

  useEffect(() => {
    store.open(ref, loggedIn);
    // open() is idempotent per slate and login state.
  }, [key, loggedIn]);

  const players = useQuery({ queryKey: ['players', key, loggedIn], queryFn: () => loadPlayers(ref, loggedIn), staleTime: 0, gcTime: 0 });
  const settings = useQuery({ queryKey: ['settings', key, loggedIn], queryFn: () => loadSettings(ref, loggedIn), staleTime: 0, gcTime: 0 });
  const saved = useQuery({ queryKey: ['saved', key], queryFn: () => loadSaved(ref), enabled: loggedIn });

  // Only a new answer replaces the table: a re-render or a refetch in flight keeps the user's edits.
  useEffect(() => {
    if (players.data) store.receivePlayers(players.data.rows, players.data.updatedAt, players.data.maxSalary, players.data.seasonAverages);
    else if (players.isError) {
      console.error(UNABLE_TO_FETCH_PLAYERS, players.error);
      store.failPlayers();
    } else store.fetchPlayers();
  }, [players.dataUpdatedAt, players.errorUpdatedAt, key]);

  useEffect(() => {
    if (settings.data) store.receiveSettings(settings.data);
    else if (settings.isError) store.failSettings();
  }, [settings.dataUpdatedAt, settings.errorUpdatedAt, key]);

  useEffect(() => {
    if (saved.data) store.receiveSaved(saved.data);
    else if (saved.isError) store.failSaved();
  }, [saved.dataUpdatedAt, saved.errorUpdatedAt, key]);

  return {
    refreshPlayers: () => client.invalidateQueries({ queryKey: ['players', key] }),
    refreshSaved: () => client.invalidateQueries({ queryKey: ['saved', key] }),
    refetchingPlayers: players.isFetching,
  };
}
