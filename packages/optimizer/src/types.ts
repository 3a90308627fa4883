import { CodedError, type CodedMessage, type LineupNote } from '@stacksmith/domain';
import type { BuildSettings, ContestType, PlayerGroup, PoolPlayer, Site, Sport, TeamStackRow } from '@stacksmith/domain';

// The pool row is the domain's player model (packages/domain/src/player.ts).
export type { PoolPlayer };

export interface BuildRequest {
  sport: Sport;
  site: Site;
  contestType: ContestType;
  players: PoolPlayer[];
  /** Spec setting keys; missing keys take the domain defaults. ceilingPct is a fraction here. */
  settings?: Partial<BuildSettings>;
  /** Saved lineups as lists of player Ids (in slot order), used when settings.includeSaved. */
  savedLineups?: string[][];
  /** Seed of the randomness; the same request and seed give the same lineups. */
  seed?: number;
  /**
   * The Team Stacks tab of the builder: one row per team (TeamAbbrev, Allow* flags,
   * TotalMin and TotalMax). A row with a `players` list instead is a stack group (same as
   * stackGroups). Teams without a row allow everything.
   */
  teamStacks?: (TeamStackRow | PlayerGroup)[];
  /** Stack groups (the team-stack entity with a group ID): players, anchors, min/max/pctGroup. */
  stackGroups?: PlayerGroup[];
  /** Player groups (the builder's Player Groups tab): players, minGroup, maxGroup, pctGroup, active, anchorPlayerID. */
  groups?: PlayerGroup[];
  /**
   * After start (late swap, dk nfl classic only): the lineups to re-optimise, a list or
   * grouped by slate key ({ [slate]: { active, lineups } }). One lineup comes out per lineup in.
   */
  afterStartLineups?: AfterStartLineups;
  /** false switches after start off even when afterStartLineups is sent (the After Start switch is off). */
  afterStartActivated?: boolean;
  /** "now" for after start and for leaving out started players (GameStart ≤ now has started): a Date or an ISO text; default the clock. */
  now?: string | Date;
  /**
   * Practice on a demo slate: game times never leave players out (the demo's slates are dated
   * today). The file's own In Progress/Final/LOCKED marks still do; a past slate is practice anyway.
   */
  practice?: boolean;
}

/** The contest entry a late-swapped lineup belongs to (DraftKings entries CSV columns). */
export interface EntryInfo {
  entryId?: string;
  contestName?: string;
  contestId?: string;
  entryFee?: string;
}

/** One after-start lineup: player Ids in slot order ('' or null for an empty slot), with its entry. */
export type AfterStartEntry = (string | null)[] | ({ players: (string | null)[] } & {
  entryId?: string | number; contestName?: string; contestId?: string | number; entryFee?: string | number;
});

export type AfterStartLineups = AfterStartEntry[] | Record<string, { active?: boolean; lineups: AfterStartEntry[] }>;

/**
 * What a build or a solve polls to stop early: an AbortSignal, or any object whose `aborted`
 * turns true. The server's build worker passes a shared-memory flag: a thread busy in a solve
 * never runs its message handlers, so an AbortSignal there could not turn true until the solve
 * ended. It is read often (see docs/optimizer.md, "Cancellation"), so reading it must be cheap.
 */
export interface CancelSignal {
  readonly aborted: boolean;
}

export interface BuildOptions {
  signal?: CancelSignal;
  /** Lineups per emitted batch (default 5). */
  batchSize?: number;
  /** The exact solver to use (default: the built-in branch and bound). */
  solver?: MipSolver;
}

export interface LineupSlot {
  /** Slot label as in the site's upload header. */
  slot: string;
  player: PoolPlayer;
  /** Points and salary counted for this slot (captain multipliers applied). */
  points: number;
  salary: number;
  /** After start: the player's game has started and the player kept the slot. */
  locked?: boolean;
}

export interface Lineup {
  slots: LineupSlot[];
  /** Projected points with the user's projections, ceiling and boost (no randomness). */
  points: number;
  /** The points the solver maximised for this lineup (randomness applied). */
  solvedPoints: number;
  salary: number;
  ownership: number;
  /** True for saved lineups returned by an includeSaved build. */
  saved: boolean;
  /** After start: the entry of the lineup it replaces. */
  entry?: EntryInfo;
  /**
   * The planned choices this lineup was built under, by dimension ('Stack rule' → '1+ game
   * stack', 'RB flex share 20%' → 'No RB flex', a group's name → applies/off), after any fallback.
   */
  plan?: Record<string, string>;
  /** What happened to this lineup (a late swap kept as it was, rules set aside), by code. */
  notes?: LineupNote[];
}

export interface BuildBatch {
  lineups: Lineup[];
  /** Lineups produced so far, this batch included (the spec's luNum). */
  count: number;
  /** Lineups the build will produce. */
  total: number;
  /** Non-blocking notes, e.g. an exposure tolerance used: coded, rendered by the domain's renderMessage. */
  warnings: CodedMessage[];
}

/** A build that cannot go on: the message names the rule that makes it infeasible. */
export class BuildError extends CodedError {
  constructor(message: CodedMessage, readonly rules: string[] = [], readonly lineupIndex?: number) {
    super(message);
    this.name = 'BuildError';
  }
}

/**
 * A set-up step (reading the pool) saw the abort signal. buildLineups ends quietly on it, as
 * on an abort anywhere else; only a direct caller of such a step sees it.
 */
export class BuildCancelled extends Error {
  constructor() {
    super('the build was cancelled');
    this.name = 'BuildCancelled';
  }
}

/** Bad input (an unknown roster, a malformed player row, a setting out of range). */
export class InputError extends CodedError {
  /** lineupIndex: the after-start lineup (0-based) the error is about, when it is about one. */
  constructor(message: CodedMessage, readonly lineupIndex?: number) {
    super(message);
    this.name = 'InputError';
  }
}

// ---- the linear model every solver sees ----

/** lo ≤ Σ coef·x ≤ hi over binary columns; `rule` names the rule that added the row. */
export interface Row {
  cols: number[];
  coefs: number[];
  lo: number;
  hi: number;
  rule: string;
  /**
   * A row that seldom binds (a conflict, a uniqueness cut): a solver may hold it back and
   * add it only once a solution breaks it. The solution is the same either way.
   */
  lazy?: boolean;
}

export interface LinearModel {
  /** Objective to maximise, one entry per binary column. */
  objective: Float64Array;
  /** Per-column bounds: 0/1 free, or fixed by locks, excludes and exposure limits. */
  lower: Uint8Array;
  upper: Uint8Array;
  rows: Row[];
  /** 1 for columns a rule marks as structural (see Contribution.structural): branched on first. */
  branchFirst?: Uint8Array;
  /**
   * Column sets of which every feasible solution holds at most one (the rows imply it, e.g.
   * the QBs of a roster with one QB slot): a solver may fix the others at 0 once one is 1.
   */
  exclusive?: number[][];
}

export type SolveStatus = 'optimal' | 'infeasible' | 'aborted';

export interface SolveResult {
  status: SolveStatus;
  /** Selected columns (value 1), ascending. */
  columns: number[];
  objective: number;
}

export interface SolveOptions {
  signal?: CancelSignal;
  /**
   * Integral solutions are offered here before they are accepted; a returned row is a
   * globally valid cut that the solution violates (lazy uniqueness rows), null accepts it.
   */
  lazyRows?: (columns: number[]) => Row | null;
  /**
   * Models of one family (a build's lineups under one plan) have alike gaps between their LP
   * bound and optimum; a solver may learn from the family's earlier solves.
   */
  family?: string | undefined;
}

/** An exact 0/1 solver: it proves optimality or infeasibility. */
export interface MipSolver {
  readonly name: string;
  solve(model: LinearModel, options?: SolveOptions): SolveResult;
}
