// The seed of the builds' randomness (the same request and seed give the same lineups,
// docs/optimizer.md). The browser always sends one, so a build can be reproduced: a fresh
// random seed per build, or the one the user fixed. Kept for this visit.
import { create } from 'zustand';

/** The server's seed range (a positive 31-bit integer). */
export const MAX_SEED = 2_147_483_646;

interface BuildSeed {
  /** The seed every build uses while set; null draws a new one per build. */
  fixed: number | null;
  /** The seed the last build used. */
  last: number | null;
  setFixed: (seed: number | null) => void;
}

export const useBuildSeed = create<BuildSeed>((set) => ({
  fixed: null,
  last: null,
  setFixed: (seed) => set({ fixed: seed === null ? null : Math.min(MAX_SEED, Math.max(1, Math.floor(seed))) }),
}));

function randomSeed(): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return 1 + (value! % MAX_SEED);
}

/** The seed of the build about to start (the fixed one, else a new one), remembered as the last. */
export function takeSeed(): number {
  const seed = useBuildSeed.getState().fixed ?? randomSeed();
  useBuildSeed.setState({ last: seed });
  return seed;
}
