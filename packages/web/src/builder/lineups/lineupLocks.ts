// Lineups the user locked in the Lineups tab: a locked lineup is kept as it is by the next build
// of the slate (sent like a saved lineup, so it counts towards exposures and uniqueness), and
// removing a lineup drops it from the result. Kept per slate key for this visit only.
import { useMemo } from 'react';
import { create } from 'zustand';
import type { BuiltLineup } from '@stacksmith/domain';
import { useBuilder } from '../builderStore';

interface LineupLocks {
  /** The slate key the locks belong to; another slate starts with none. */
  key: string;
  /** Locked lineups by lineupHash. */
  locked: Record<string, BuiltLineup>;
  toggle: (lineup: BuiltLineup) => void;
  clear: () => void;
}

export const useLineupLocks = create<LineupLocks>((set, get) => ({
  key: '',
  locked: {},
  toggle(lineup) {
    const key = useBuilder.getState().key;
    const current = get().key === key ? get().locked : {};
    const next = { ...current };
    if (next[lineup.lineupHash]) delete next[lineup.lineupHash];
    else next[lineup.lineupHash] = lineup;
    set({ key, locked: next });
  },
  clear: () => set({ locked: {} }),
}));

/** The locked lineups of the open slate. */
export function lockedLineups(): BuiltLineup[] {
  const { key, locked } = useLineupLocks.getState();
  return key === useBuilder.getState().key ? Object.values(locked) : [];
}

/** Whether a lineup (by hash) is locked on the open slate; a hook for the table. */
export function useLockedHashes(): Set<string> {
  const builderKey = useBuilder((s) => s.key);
  const key = useLineupLocks((s) => s.key);
  const locked = useLineupLocks((s) => s.locked);
  return useMemo(() => new Set(key === builderKey ? Object.keys(locked) : []), [key, builderKey, locked]);
}
