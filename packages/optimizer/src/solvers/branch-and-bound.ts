// The built-in exact 0/1 solver: depth-first branch and bound over a bounded dual simplex.
//
// Why our own and not HiGHS or GLPK: a lineup model is tiny (a few hundred binary columns,
// ten to a few dozen rows) and is solved 150 times per build. On this machine HiGHS-wasm
// spends ≈60 ms per lineup even without uniqueness rows, most of it in set-up and root
// heuristics; this search needs about a millisecond for the same proof. It stays exact: a
// node is pruned only when its LP bound cannot beat the incumbent (or the round's floor,
// below), and the tests cross-check it against GLPK and HiGHS on thousands of random models,
// and against GLPK on every lineup of whole builds.
//
// Why a dual simplex: every column is boxed (0..1), so any basis is made dual feasible by
// putting each non-basic column at the bound its cost prefers. Branching (a bound change)
// and lazy cuts (a new row) keep dual feasibility, so each node re-optimises in a few dual
// pivots from its parent's tableau, and the dual objective is a valid bound at every pivot,
// which lets a node stop as soon as it cannot beat the incumbent.
//
// Why cutoff guessing: measured on 150-lineup builds, nearly all nodes of a plain search were
// spent before the optimum was found, under weak incumbents. The optimum is almost always
// within a few points of the root bound, and with a floor that close, reduced-cost fixing
// leaves a few dozen of the ~400 columns free. So the search runs in rounds, each seeking only
// solutions above a guessed floor (root bound − delta, delta following the gaps of recent
// solves); a round that finds one has the optimum, since every better solution lies above the
// same floor. A round that finds none widens delta; the last round has no floor.
//
// Why a search by anchor for stack rules: a stack's rows bind only for the QB (or team) a lineup
// picks. A bound per QB from the root LP's reduced costs and the cheapest repair of its rows
// leaves two or three QBs worth searching per lineup, each in its own subtree with only its own
// rows, where the root LP used to hop from QB to QB taking in their rows (see AnchorBounds).
//
// What keeps a node cheap once most columns are fixed: the tableau keeps a list of the
// variables that can still move and every loop runs over it; a branching column whose
// Driebeek penalty rules out one branch is fixed without a node; rows the subtree's bounds
// already satisfy (most uniqueness cuts, showdown's row per player) leave the tableau; node
// tableaus are recycled.
//
// The rooms, in reading order (each under branch-and-bound/):
// - rows.ts: properties of a model row (scaled form, tolerance, trigger columns, leaf check).
// - tableau.ts: the tableau, its pool, the slack basis, rows joining and leaving, bound moves.
// - dual-simplex.ts: the ratio test with bound flipping, the pivot, Driebeek penalties; polls the abort.
// - fixing.ts: reduced-cost fixing, the cost of a column's move, copies with columns fixed.
// - held-rows.ts: lazy rows, their separation by trigger column, the cut pool.
// - parking.ts: columns set aside while the root takes in its lazy rows.
// - gap-guess.ts: the guessed floors of the rounds.
// - search.ts: the depth-first search of one solve, and its rounds from the root.
// - anchor-bounds.ts, anchor-search.ts: the search by anchor and the bounds it runs on.
// - solver.ts: the solver object, one solve from root to stats.
export { createBranchAndBoundSolver, type BranchAndBoundStats } from './branch-and-bound/solver.js';
