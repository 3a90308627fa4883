// Presets and cheat sheets of a slate (fetch, update, update complete, update failed). Site presets come
// from past winners by numTeams; custom presets and cheat sheets are written by admins.
import { create } from 'zustand';
import {
  DEFAULT_NUM_TEAMS, UNABLE_TO_FETCH_CUSTOM_PRESETS, UNABLE_TO_UPDATE_CUSTOM_PRESETS,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { extrasApi, type CheatSheet, type CustomPreset, type CustomPresetSave, type SitePreset } from '../../api/extras';

export type UpdateState = 'idle' | 'updating' | 'complete' | 'failed';

interface ContentState {
  ref: SlateRef | null;
  key: string;
  sitePresets: SitePreset[];
  customPresets: CustomPreset[];
  cheatSheets: CheatSheet[];
  cheatSheetsLoading: boolean;
  update: UpdateState;
  /** The cheat sheet whose picks filter the Players tab, or null. */
  cheatSheetFilter: string | null;

  open: (ref: SlateRef, key: string) => void;
  fetchSitePresets: (numTeams: number) => Promise<void>;
  fetchCustomPresets: () => Promise<void>;
  fetchCheatSheets: () => Promise<void>;
  saveCustomPreset: (body: CustomPresetSave) => Promise<boolean>;
  saveCheatSheet: (body: { displayName: string; playerPicks?: (string | number)[]; delete?: boolean }) => Promise<boolean>;
  setCheatSheetFilter: (id: string | null) => void;
}

/** numTeams of a pool for the site presets: its teams, else the default (DEFAULT_NUM_TEAMS). */
export function numTeamsOf(players: readonly { TeamAbbrev: string }[]): number {
  const teams = new Set(players.map((p) => p.TeamAbbrev).filter(Boolean)).size;
  return teams > 0 ? teams : DEFAULT_NUM_TEAMS;
}

export const useContent = create<ContentState>((set, get) => {
  const current = (key: string) => get().key === key;
  return {
    ref: null,
    key: '',
    sitePresets: [],
    customPresets: [],
    cheatSheets: [],
    cheatSheetsLoading: false,
    update: 'idle',
    cheatSheetFilter: null,

    open(ref, key) {
      if (get().key === key) return;
      set({ ref, key, sitePresets: [], customPresets: [], cheatSheets: [], cheatSheetFilter: null, update: 'idle' });
    },
    async fetchSitePresets(numTeams) {
      const { ref, key } = get();
      if (!ref) return;
      try {
        const answer = await extrasApi.presets(ref, numTeams);
        if (current(key)) set({ sitePresets: answer?.presets ?? [] });
      } catch {
        // The call has logged 'unable to fetch opt'; the list stays empty.
      }
    },
    async fetchCustomPresets() {
      const { ref, key } = get();
      if (!ref) return;
      try {
        const list = await extrasApi.customPresets(ref);
        if (current(key)) set({ customPresets: Array.isArray(list) ? list : [] });
      } catch (error) {
        console.error(UNABLE_TO_FETCH_CUSTOM_PRESETS, error);
      }
    },
    async fetchCheatSheets() {
      const { ref, key } = get();
      if (!ref) return;
      set({ cheatSheetsLoading: true });
      try {
        const list = await extrasApi.cheatSheets(ref);
        if (current(key)) set({ cheatSheets: Array.isArray(list) ? list : [], cheatSheetsLoading: false });
      } catch (error) {
        console.error(UNABLE_TO_FETCH_CUSTOM_PRESETS, error);
        if (current(key)) set({ cheatSheets: [], cheatSheetsLoading: false });
      }
    },
    async saveCustomPreset(body) {
      const { ref } = get();
      if (!ref) return false;
      set({ update: 'updating' });
      try {
        const answer = await extrasApi.saveCustomPreset(ref, body);
        if (!answer?.success) throw new Error(UNABLE_TO_UPDATE_CUSTOM_PRESETS);
        set({ update: 'complete' });
        await get().fetchCustomPresets();
        return true;
      } catch (error) {
        console.error(UNABLE_TO_UPDATE_CUSTOM_PRESETS, error);
        set({ update: 'failed' });
        return false;
      }
    },
    async saveCheatSheet(body) {
      const { ref } = get();
      if (!ref) return false;
      set({ update: 'updating' });
      try {
        const answer = await extrasApi.saveCheatSheet(ref, body);
        if (!answer?.success) throw new Error(UNABLE_TO_UPDATE_CUSTOM_PRESETS);
        set({ update: 'complete' });
        await get().fetchCheatSheets();
        return true;
      } catch (error) {
        console.error(UNABLE_TO_UPDATE_CUSTOM_PRESETS, error);
        set({ update: 'failed' });
        return false;
      }
    },
    setCheatSheetFilter: (id) => set({ cheatSheetFilter: id }),
  };
});

/** The player Ids a cheat sheet filter keeps, or null when no filter is on. */
export function cheatSheetIds(state: Pick<ContentState, 'cheatSheets' | 'cheatSheetFilter'>): Set<string> | null {
  if (state.cheatSheetFilter === null) return null;
  const sheet = state.cheatSheets.find((c) => String(c.id) === state.cheatSheetFilter);
  return sheet ? new Set(sheet.player_picks.map(String)) : null;
}
