// The builder page's UI state: which slate is open, the current tab and the running build's
// streamed result (fetch/cancel/new/replace). The slate's server state (players, settings, saved
// lineups) is in the query cache (slateData.ts), not here.
import { create } from 'zustand';
import { getRoster, replaceLineupRun, splitBySiteRules, type BuiltLineup, type PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { slateKey } from './route';

/** Saved lineups the site would accept on the slate, and why each other one is left out. */
export function keptBySiteRules(ref: SlateRef, lineups: readonly BuiltLineup[], players: readonly PlayerRow[]) {
  return splitBySiteRules(getRoster(ref.sport, ref.site, ref.contestType), lineups, players, (_, i) => `Saved lineup ${i + 1}`);
}

export interface OptimizerResult {
  loading: boolean;
  data: BuiltLineup[];
  failedLoading: boolean;
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
  result: OptimizerResult;

  open: (ref: SlateRef, loggedIn: boolean) => void;
  setTab: (tab: BuilderTab) => void;

  /** A new build of `total` lineups; `warnings` said before it starts (kept lineups left out). */
  fetchResult: (total: number, warnings?: string[]) => void;
  appendLineups: (lineups: BuiltLineup[], luNum: number, total: number, warnings: string[]) => void;
  /** Ends the build; `saved` (the saved lineups when includeSaved is set) join the result. */
  finishResult: (saved?: readonly BuiltLineup[]) => void;
  failResult: (error: string) => void;
  cancelResult: () => void;
  replaceRun: (run: number, lineup: BuiltLineup) => void;
  /** Drops one lineup (by lineupHash) from the result; the count and progress follow. */
  removeLineup: (hash: string) => void;
  /** Marks the result's lineups with these hashes saved. */
  markSaved: (hashes: readonly string[]) => void;
}

const emptyResult = (): OptimizerResult => ({
  loading: false, data: [], failedLoading: false, luNum: 0, total: 0, warnings: [], error: null, cancelled: false,
});

export const useBuilder = create<BuilderState>((set, get) => ({
  ref: null,
  key: '',
  loggedIn: false,
  tab: 'players',
  result: emptyResult(),

  open(ref, loggedIn) {
    const key = slateKey(ref);
    const state = get();
    if (state.key === key && state.loggedIn === loggedIn) return;
    const sameSlate = state.key === key;
    set({ ref, key, loggedIn, ...(sameSlate ? {} : { tab: 'players' as BuilderTab, result: emptyResult() }) });
  },
  setTab: (tab) => set({ tab }),

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
  finishResult(saved = []) {
    set((s) => {
      const known = new Set(s.result.data.map((l) => l.lineupHash));
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
  markSaved: (hashes) => set((s) => {
    const saved = new Set(hashes);
    return { result: { ...s.result, data: s.result.data.map((l) => (saved.has(l.lineupHash) ? { ...l, saved: true } : l)) } };
  }),
}));
