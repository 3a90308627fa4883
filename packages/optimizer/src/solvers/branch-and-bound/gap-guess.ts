// Cutoff guessing: the gaps between root bound and optimum seen in a solver's recent solves (in
// all, and per model family: a build's lineups under one plan), which set the first floor a
// search seeks solutions above, and how a round that finds nothing widens it. A round that finds
// a solution has the optimum (every better one lies above the same floor); the last round has no
// floor. The rounds themselves are run by search.ts and anchor-search.ts.

/** Which of the recent gaps the first guess follows (a high quantile: a miss costs a round). */
const GAP_QUANTILE = 0.75;
/** Solves of a family before its own gaps count in the first guess. */
const FAMILY_HISTORY_MIN = 2;
/** Rounds with a guessed floor before the search runs without one. */
export const MAX_GUESS_ROUNDS = 8;
/**
 * How much a missed guess widens the next one. A round that finds nothing costs a few dozen
 * pivots; a floor far below the optimum lets weak incumbents through and costs more, so the
 * steps are small (measured, against steps of 3× over 4 rounds: 8 % fewer pivots on the
 * default nfl build with stacks and without, 4–13 % on nba, none lost without randomness; a
 * median first guess saved more with stacks but cost 10 % without randomness).
 */
export const GUESS_GROWTH = 1.5;

export class GapHistory {
  // Gaps between root bound and optimum seen in recent solves, in all and per model family
  // (see SolveOptions.family): the next guess follows them.
  private readonly recentGaps: number[] = [];
  private readonly familyGaps = new Map<string, number[]>();
  /** The family of the current solve. */
  family: string | undefined;

  private static remember(gaps: number[], gap: number): void {
    gaps.push(Math.max(0, gap));
    if (gaps.length > 16) gaps.shift();
  }

  private static quantile(gaps: number[]): number {
    return [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length * GAP_QUANTILE)]!;
  }

  recordGap(gap: number): void {
    GapHistory.remember(this.recentGaps, gap);
    if (this.family === undefined) return;
    let gaps = this.familyGaps.get(this.family);
    if (!gaps) this.familyGaps.set(this.family, (gaps = []));
    GapHistory.remember(gaps, gap);
  }

  /** The first round's distance below the root bound. */
  initialDelta(bound: number): number {
    const scale = 1e-6 * Math.max(1, Math.abs(bound));
    if (this.recentGaps.length === 0) return 0.005 * Math.abs(bound) + scale;
    const recent = GapHistory.quantile(this.recentGaps);
    // The mean of the family's guess and the recent one (measured on the solver-work builds,
    // seeds 1, 3 and 7: pivots −2 to −6 % nfl and −4 to −10 % nba with randomness, −1 to −2 %
    // without; the family's alone cost 7 % without randomness, where the recent gaps lead).
    const own = this.family !== undefined ? this.familyGaps.get(this.family) : undefined;
    const guess = own && own.length >= FAMILY_HISTORY_MIN ? (GapHistory.quantile(own) + recent) / 2 : recent;
    return guess * 1.1 + scale;
  }
}
