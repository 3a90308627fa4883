// The After Start tab's lineup sets (uploaded entries or saved lineups, per slate) and whether
// the next build is their late swap: state of this visit only, kept here. The slate's team
// stacks and groups are server state, in the query cache (extrasData.ts).
import { create } from 'zustand';
import { lineupUploadIds, siteId, type BuiltLineup, type RosterSpec } from '@stacksmith/domain';

export interface AfterStartLineup {
  players: string[];
  /** Per slot, after a late swap: the player stayed because his game had started. */
  locked?: boolean[];
  entryId?: string;
  contestName?: string;
  contestId?: string;
  entryFee?: string;
}

export interface AfterStartSet {
  active: boolean;
  lineups: AfterStartLineup[];
}

interface AfterStartState {
  key: string;
  afterStart: { activated: boolean; sets: Record<string, AfterStartSet> };
  /** A new slate starts without after-start sets. */
  open: (key: string) => void;
  setAfterStartSets: (sets: Record<string, AfterStartSet>) => void;
  toggleAfterStartSet: (slate: string) => void;
  setAfterStartActivated: (activated: boolean) => void;
  /** After a late-swap build: the active slates' lineups become the swapped ones. */
  receiveSwapped: (swapped: readonly BuiltLineup[], roster: RosterSpec) => void;
}

export const useExtras = create<AfterStartState>((set, get) => ({
  key: '',
  afterStart: { activated: false, sets: {} },
  open(key) {
    if (get().key !== key) set({ key, afterStart: { activated: false, sets: {} } });
  },
  setAfterStartSets: (sets) => set({ afterStart: { activated: Object.keys(sets).length > 0, sets } }),
  toggleAfterStartSet: (slate) =>
    set((s) => {
      const current = s.afterStart.sets[slate];
      if (!current) return {};
      return { afterStart: { ...s.afterStart, sets: { ...s.afterStart.sets, [slate]: { ...current, active: !current.active } } } };
    }),
  setAfterStartActivated: (activated) => set((s) => ({ afterStart: { ...s.afterStart, activated } })),
  receiveSwapped: (swapped, roster) => set((s) => ({ afterStart: { ...s.afterStart, sets: swappedSets(s.afterStart.sets, swapped, roster) } })),
}));

/**
 * The after-start sets once a late swap is back: the build answers one lineup per active
 * lineup, in order, so each active lineup takes its swapped players (and which stayed locked);
 * its entry details stay. Inactive slates are untouched.
 */
export function swappedSets(sets: Record<string, AfterStartSet>, swapped: readonly BuiltLineup[], roster: RosterSpec): Record<string, AfterStartSet> {
  let next = 0;
  const out: Record<string, AfterStartSet> = {};
  for (const [slate, set] of Object.entries(sets)) {
    if (!set.active) { out[slate] = set; continue; }
    out[slate] = {
      ...set,
      lineups: set.lineups.map((lineup) => {
        const result = swapped[next++];
        if (!result || result.rawTable.length !== roster.slots.length) return lineup;
        const ids = lineupUploadIds(result.rawTable, roster);
        const locked = ids.map((id) => result.rawTable.some((row) => siteId(String(row.Id)) === id && row.Locked === true));
        return { ...lineup, players: ids, locked };
      }),
    };
  }
  return out;
}

/** The active after-start lineups, combined over the active slates (an inactive contest is left as it is). */
export function activeAfterStartLineups(sets: Record<string, AfterStartSet>): AfterStartLineup[] {
  return Object.values(sets).filter((s) => s.active).flatMap((s) => s.lineups);
}
