// Presets and cheat sheets of a slate. Their server state lives in the query cache under the
// keys below: the builder page fetches them (useBuilderExtras: cheat sheets on opening, site
// presets by numTeams and custom presets once the players are in), the tabs read them, and the
// admins' saves are mutations that refetch their list. Site presets come from past winners by
// numTeams; custom presets and cheat sheets are written by admins. The store holds UI state only:
// the cheat sheet filtering the Players tab.
import { create } from 'zustand';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_NUM_TEAMS, UNABLE_TO_FETCH_CUSTOM_PRESETS, UNABLE_TO_UPDATE_CUSTOM_PRESETS,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import type { CheatSheet, CustomPreset, SitePreset } from '@stacksmith/domain';
import { extrasApi, type CustomPresetSave } from '../../api/extras';
import { useBuilder } from '../builderStore';
import { slateKey } from '../route';

/** numTeams of a pool for the site presets: its teams, else the default (DEFAULT_NUM_TEAMS). */
export function numTeamsOf(players: readonly { TeamAbbrev: string }[]): number {
  const teams = new Set(players.map((p) => p.TeamAbbrev).filter(Boolean)).size;
  return teams > 0 ? teams : DEFAULT_NUM_TEAMS;
}

export const contentKeys = {
  sitePresets: (key: string) => ['slate', key, 'site-presets'] as const,
  customPresets: (key: string) => ['slate', key, 'custom-presets'] as const,
  cheatSheets: (key: string) => ['slate', key, 'cheat-sheets'] as const,
};

const keyOf = (ref: SlateRef | null) => (ref ? slateKey(ref) : '');
// Loaded once per opening of the slate (nothing is kept once the page is left).
const perOpening = { staleTime: Infinity, gcTime: 0 } as const;

/** Site presets of the slate's numTeams; `numTeams` null only reads what was fetched. */
export const sitePresetsQuery = (ref: SlateRef | null, numTeams: number | null) => queryOptions({
  queryKey: contentKeys.sitePresets(keyOf(ref)),
  // The call logs 'unable to fetch opt' when it fails; the list stays empty.
  queryFn: ref && numTeams !== null ? () => extrasApi.presets(ref, numTeams).then((answer) => answer.presets) : skipToken,
  ...perOpening,
});

/** Logs a failed custom content fetch with the spec's message, then fails the query as before. */
function logFetchFailure(error: unknown): never {
  console.error(UNABLE_TO_FETCH_CUSTOM_PRESETS, error);
  throw error;
}

export const customPresetsQuery = (ref: SlateRef | null) => queryOptions({
  queryKey: contentKeys.customPresets(keyOf(ref)),
  queryFn: ref ? () => extrasApi.customPresets(ref).catch(logFetchFailure) : skipToken,
  ...perOpening,
});

export const cheatSheetsQuery = (ref: SlateRef | null) => queryOptions({
  queryKey: contentKeys.cheatSheets(keyOf(ref)),
  queryFn: ref ? () => extrasApi.cheatSheets(ref).catch(logFetchFailure) : skipToken,
  ...perOpening,
});

const NO_SITE_PRESETS: SitePreset[] = [];
const NO_CUSTOM_PRESETS: CustomPreset[] = [];
const NO_CHEAT_SHEETS: CheatSheet[] = [];

// Readers of the open slate's lists; the builder page's observers fetch them.
export function useSitePresets(): SitePreset[] {
  const ref = useBuilder((s) => s.ref);
  return useQuery({ ...sitePresetsQuery(ref, null), enabled: false }).data ?? NO_SITE_PRESETS;
}

export function useCustomPresets(): CustomPreset[] {
  const ref = useBuilder((s) => s.ref);
  return useQuery({ ...customPresetsQuery(ref), enabled: false }).data ?? NO_CUSTOM_PRESETS;
}

export function useCheatSheets(): CheatSheet[] {
  const ref = useBuilder((s) => s.ref);
  return useQuery({ ...cheatSheetsQuery(ref), enabled: false }).data ?? NO_CHEAT_SHEETS;
}

/** A save of an admin's content: true when the server took it, then its list is fetched again. */
function useContentSave<Body>(save: (ref: SlateRef, body: Body) => Promise<{ success: boolean }>, list: (key: string) => readonly unknown[]) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (body: Body) => {
      const ref = useBuilder.getState().ref;
      if (!ref) throw new Error(UNABLE_TO_UPDATE_CUSTOM_PRESETS);
      const answer = await save(ref, body);
      if (!answer.success) throw new Error(UNABLE_TO_UPDATE_CUSTOM_PRESETS);
      await client.invalidateQueries({ queryKey: list(slateKey(ref)) });
    },
  });
  return async (body: Body): Promise<boolean> => {
    try {
      await mutation.mutateAsync(body);
      return true;
    } catch (error) {
      console.error(UNABLE_TO_UPDATE_CUSTOM_PRESETS, error);
      return false;
    }
  };
}

export function useSaveCustomPreset() {
  return useContentSave((ref, body: CustomPresetSave) => extrasApi.saveCustomPreset(ref, body), contentKeys.customPresets);
}

export function useSaveCheatSheet() {
  return useContentSave(
    (ref, body: { displayName: string; playerPicks?: (string | number)[]; delete?: boolean }) => extrasApi.saveCheatSheet(ref, body),
    contentKeys.cheatSheets,
  );
}

interface CheatSheetFilterState {
  key: string;
  /** The cheat sheet whose picks filter the Players tab, or null. */
  cheatSheetFilter: string | null;
  /** A new slate starts unfiltered. */
  open: (key: string) => void;
  setCheatSheetFilter: (id: string | null) => void;
}

export const useContent = create<CheatSheetFilterState>((set, get) => ({
  key: '',
  cheatSheetFilter: null,
  open(key) {
    if (get().key !== key) set({ key, cheatSheetFilter: null });
  },
  setCheatSheetFilter: (id) => set({ cheatSheetFilter: id }),
}));

/** The player Ids a cheat sheet filter keeps, or null when no filter is on. */
export function cheatSheetIds(state: { cheatSheets: readonly CheatSheet[]; cheatSheetFilter: string | null }): Set<string> | null {
  if (state.cheatSheetFilter === null) return null;
  const sheet = state.cheatSheets.find((c) => String(c.id) === state.cheatSheetFilter);
  return sheet ? new Set(sheet.player_picks.map(String)) : null;
}
