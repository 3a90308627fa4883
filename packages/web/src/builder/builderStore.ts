// The builder page's state: each data set has loading, data and
// failedLoading; the optimizer result has fetch/cancel/new/replace; settings receive (merge),
// override (set keys), update (merge and save) and reset (defaults). Edits of the player table
// go through the domain's rules and are saved debounced: to the server when logged in, to
// browser storage when not.
import { create } from 'zustand';
import {
  FAILED_TO_UPDATE_USER_PROJECTIONS, SAVE_DEBOUNCE_MS, UNABLE_TO_SAVE_LINEUP_DB, UNABLE_TO_UPDATE_SETTINGS,
  defaultSettings, getRoster, lineupHash, playerOverride, replaceLineupRun, splitBySiteRules,
  type BuildSettings, type BuiltLineup, type PlayerOverride, type PlayerRow,
} from '@stacksmith/domain';
import { builderApi, type SlateRef } from '../api/client';
import { keyedDebouncer } from './debounce';
import { slateKey } from './route';
import { useVisitorEdits } from './visitorStore';

/** Saved lineups the site would accept on the slate, and why each other one is left out. */
export function keptBySiteRules(ref: SlateRef, lineups: readonly BuiltLineup[], players: readonly PlayerRow[]) {
  return splitBySiteRules(getRoster(ref.sport, ref.site, ref.contestType), lineups, players, (_, i) => `Saved lineup ${i + 1}`);
}

export interface DataSet<T> {
  loading: boolean;
  data: T;
  failedLoading: boolean;
}

export interface OptimizerResult extends DataSet<BuiltLineup[]> {
  luNum: number;
  total: number;
  warnings: string[];
  error: string | null;
  cancelled: boolean;
}

export type BuilderTab = 'players' | 'settings' | 'stacks' | 'groups' | 'lineups' | 'entries' | 'afterStart' | 'admin';

interface BuilderState {
  ref: SlateRef | null;
  key: string;
  loggedIn: boolean;
  tab: BuilderTab;
  players: DataSet<PlayerRow[]>;
  updatedAt: string | null;
  maxSalary: number | null;
  /** The slate's only points are the site's season averages (AvgPointsPerGame, FPPG), not projections. */
  seasonAverages: boolean;
  settings: DataSet<BuildSettings | null>;
  result: OptimizerResult;
  saved: DataSet<BuiltLineup[]>;

  open: (ref: SlateRef, loggedIn: boolean) => void;
  setTab: (tab: BuilderTab) => void;
  fetchPlayers: () => void;
  receivePlayers: (rows: PlayerRow[], updatedAt: string | null, maxSalary: number | null, seasonAverages?: boolean) => void;
  failPlayers: () => void;
  /** Applies a pure edit to the table and saves the rows it changed. */
  editPlayers: (edit: (rows: PlayerRow[]) => PlayerRow[]) => void;

  fetchSettings: () => void;
  receiveSettings: (settings: Partial<BuildSettings>) => void;
  failSettings: () => void;
  overrideSettings: (settings: Partial<BuildSettings>) => void;
  updateSettings: (settings: Partial<BuildSettings>) => void;
  resetSettings: () => void;

  /** A new build of `total` lineups; `warnings` said before it starts (kept lineups left out). */
  fetchResult: (total: number, warnings?: string[]) => void;
  appendLineups: (lineups: BuiltLineup[], luNum: number, total: number, warnings: string[]) => void;
  /** `withSaved: false` (a late swap) keeps the saved lineups out of the result. */
  finishResult: (options?: { withSaved?: boolean }) => void;
  failResult: (error: string) => void;
  cancelResult: () => void;
  replaceRun: (run: number, lineup: BuiltLineup) => void;
  /** Drops one lineup (by lineupHash) from the result; the count and progress follow. */
  removeLineup: (hash: string) => void;

  receiveSaved: (lineups: BuiltLineup[]) => void;
  failSaved: () => void;
  saveLineups: (lineups: BuiltLineup[]) => Promise<void>;
}

/** maxSal defaults to the site cap or the slate's max_salary; a user's own value stays. */
function withSlateMaxSalary(settings: BuildSettings, maxSalary: number | null): BuildSettings {
  if (!maxSalary || settings.maxSal !== settings.maxSalDefault) return settings;
  return { ...settings, maxSal: maxSalary, maxSalDefault: maxSalary };
}

const emptyResult = (): OptimizerResult => ({
  loading: false, data: [], failedLoading: false, luNum: 0, total: 0, warnings: [], error: null, cancelled: false,
});

// Saves are debounced per slate; a slate switch flushes what is pending first.
let projectionSaver: ReturnType<typeof keyedDebouncer<PlayerOverride>> | null = null;
let settingsTimer: ReturnType<typeof setTimeout> | null = null;
let pendingSettings: Partial<BuildSettings> = {};

function saverFor(ref: SlateRef, loggedIn: boolean, key: string) {
  return keyedDebouncer<PlayerOverride>(SAVE_DEBOUNCE_MS, (rows) => {
    if (loggedIn) {
      builderApi.saveUserProjections(ref, rows).catch((error) => console.error(FAILED_TO_UPDATE_USER_PROJECTIONS, error));
    } else {
      useVisitorEdits.getState().savePlayers(key, rows);
    }
  });
}

export const useBuilder = create<BuilderState>((set, get) => ({
  ref: null,
  key: '',
  loggedIn: false,
  tab: 'players',
  players: { loading: true, data: [], failedLoading: false },
  updatedAt: null,
  maxSalary: null,
  seasonAverages: false,
  settings: { loading: true, data: null, failedLoading: false },
  result: emptyResult(),
  saved: { loading: false, data: [], failedLoading: false },

  open(ref, loggedIn) {
    const key = slateKey(ref);
    const state = get();
    if (state.key === key && state.loggedIn === loggedIn) return;
    projectionSaver?.flushNow();
    projectionSaver = saverFor(ref, loggedIn, key);
    const sameSlate = state.key === key;
    set({
      ref, key, loggedIn,
      ...(sameSlate ? {} : {
        tab: 'players' as BuilderTab,
        players: { loading: true, data: [], failedLoading: false },
        settings: { loading: true, data: null, failedLoading: false },
        result: emptyResult(),
        saved: { loading: false, data: [], failedLoading: false },
        updatedAt: null,
        maxSalary: null,
        seasonAverages: false,
      }),
    });
  },
  setTab: (tab) => set({ tab }),

  fetchPlayers: () => set((s) => ({ players: { ...s.players, loading: true, failedLoading: false } })),
  receivePlayers: (rows, updatedAt, maxSalary, seasonAverages = false) =>
    set((s) => ({
      players: { loading: false, data: rows, failedLoading: false },
      updatedAt,
      maxSalary,
      seasonAverages,
      ...(s.settings.data ? { settings: { ...s.settings, data: withSlateMaxSalary(s.settings.data, maxSalary) } } : {}),
    })),
  // A failed players fetch is only logged and leaves an empty list.
  failPlayers: () => set({ players: { loading: false, data: [], failedLoading: true } }),
  editPlayers(edit) {
    const before = get().players.data;
    const after = edit(before);
    if (after === before) return;
    const changed = after.filter((row, i) => row !== before[i]);
    set((s) => ({ players: { ...s.players, data: after } }));
    projectionSaver?.push(changed.map(playerOverride));
  },

  fetchSettings: () => set((s) => ({ settings: { ...s.settings, loading: true, failedLoading: false } })),
  receiveSettings: (settings) =>
    set((s) => {
      const ref = s.ref!;
      const base = s.settings.data ?? defaultSettings(ref.sport, ref.site, ref.contestType);
      return { settings: { loading: false, data: withSlateMaxSalary({ ...base, ...settings }, s.maxSalary), failedLoading: false } };
    }),
  failSettings: () =>
    set((s) => ({
      settings: { loading: false, data: s.settings.data ?? defaultSettings(s.ref!.sport, s.ref!.site, s.ref!.contestType), failedLoading: true },
    })),
  overrideSettings: (settings) =>
    set((s) => (s.settings.data ? { settings: { ...s.settings, data: { ...s.settings.data, ...settings } } } : {})),
  updateSettings(settings) {
    get().overrideSettings(settings);
    const { ref, key, loggedIn } = get();
    if (!ref) return;
    pendingSettings = { ...pendingSettings, ...settings };
    if (settingsTimer) clearTimeout(settingsTimer);
    settingsTimer = setTimeout(() => {
      const changed = pendingSettings;
      pendingSettings = {};
      // The server replaces the stored settings with what it gets, so it gets all of them.
      const all = get().key === key ? get().settings.data : null;
      if (loggedIn) {
        if (all) builderApi.saveUserSettings(ref, all).catch((error) => console.error(UNABLE_TO_UPDATE_SETTINGS, error));
      } else {
        useVisitorEdits.getState().saveSettings(key, changed);
      }
    }, SAVE_DEBOUNCE_MS);
  },
  resetSettings() {
    const { ref, key, loggedIn } = get();
    if (!ref) return;
    const defaults = defaultSettings(ref.sport, ref.site, ref.contestType);
    set({ settings: { loading: false, data: defaults, failedLoading: false } });
    if (loggedIn) builderApi.saveUserSettings(ref, defaults).catch((error) => console.error(UNABLE_TO_UPDATE_SETTINGS, error));
    else useVisitorEdits.getState().clearSettings(key);
  },

  // Fetch clears the data; cancel keeps it; new lineups append; replace overwrites one run.
  fetchResult: (total, warnings = []) => set({ result: { ...emptyResult(), loading: true, total, warnings }, tab: 'lineups' }),
  appendLineups: (lineups, luNum, total, warnings) =>
    set((s) => ({
      result: {
        ...s.result,
        data: [...s.result.data, ...lineups],
        luNum,
        total: total || s.result.total,
        warnings: [...new Set([...s.result.warnings, ...warnings])],
      },
    })),
  finishResult(options = {}) {
    set((s) => {
      // On finishing, saved lineups join the result when includeSaved is set.
      const includeSaved = (options.withSaved ?? true) && Boolean(s.settings.data?.includeSaved);
      const known = new Set(s.result.data.map((l) => l.lineupHash));
      // Never one the site would refuse (the build was told why: keptLineups in useBuild).
      const saved = includeSaved && s.ref ? keptBySiteRules(s.ref, s.saved.data, s.players.data).accepted : [];
      const extra = saved.filter((l) => !known.has(l.lineupHash));
      return { result: { ...s.result, loading: false, data: [...s.result.data, ...extra] } };
    });
  },
  failResult: (error) => set((s) => ({ result: { ...s.result, loading: false, failedLoading: true, error } })),
  cancelResult: () => set((s) => ({ result: { ...s.result, loading: false, cancelled: true } })),
  replaceRun: (run, lineup) => set((s) => ({ result: { ...s.result, data: replaceLineupRun(s.result.data, run, lineup) } })),
  removeLineup: (hash) => set((s) => {
    const data = s.result.data.filter((l) => l.lineupHash !== hash);
    return { result: { ...s.result, data, luNum: Math.min(s.result.luNum, data.length), total: Math.max(0, s.result.total - (s.result.data.length - data.length)) } };
  }),

  receiveSaved: (lineups) => set({ saved: { loading: false, data: lineups, failedLoading: false } }),
  // Saved lineups: a failure gives an empty list, so the builder still works.
  failSaved: () => set({ saved: { loading: false, data: [], failedLoading: true } }),
  async saveLineups(lineups) {
    const { ref, saved } = get();
    if (!ref) return;
    const known = new Set(saved.data.map((l) => l.lineupHash));
    const fresh = lineups
      .map((l) => ({ ...l, lineupHash: l.lineupHash || lineupHash(l.rawTable), saved: true }))
      .filter((l) => !known.has(l.lineupHash));
    const all = [...saved.data, ...fresh];
    try {
      const answer = await builderApi.saveLineups(ref, all);
      if (answer && answer.success === false) throw new Error(UNABLE_TO_SAVE_LINEUP_DB);
    } catch (error) {
      console.error(UNABLE_TO_SAVE_LINEUP_DB, error);
      throw new Error(UNABLE_TO_SAVE_LINEUP_DB);
    }
    const hashes = new Set(all.map((l) => l.lineupHash));
    set((s) => ({
      saved: { loading: false, data: all, failedLoading: false },
      result: { ...s.result, data: s.result.data.map((l) => (hashes.has(l.lineupHash) ? { ...l, saved: true } : l)) },
    }));
  },
}));
