// After start (late swap): players whose game has started stay in their slot; the other
// slots are re-optimised. This module reads the request's lineups and works out what is
// locked; build.ts solves them (docs/optimizer.md "After start").
import { coded, isGameStartedState, parseGameStart, siteId } from '@stacksmith/domain';
import type { Pool } from './pool.js';
import { InputError, type AfterStartEntry, type AfterStartLineups, type BuildRequest, type EntryInfo } from './types.js';

export interface LateSwapLineup {
  /** Player Ids in slot order ('' for an empty slot). */
  ids: string[];
  entry?: EntryInfo;
}

/** Milliseconds since the epoch of a GameStart; a time without an offset is America/New_York (domain time.ts). */
export function gameStartMillis(text: string): number | null {
  return parseGameStart(text);
}

/** "now" of the request: a Date, an ISO text or the clock. */
export function requestNow(now: BuildRequest['now']): number {
  if (now === undefined || now === null) return Date.now();
  const t = now instanceof Date ? now.getTime() : gameStartMillis(String(now));
  if (t === null || !Number.isFinite(t)) throw new InputError(coded('late-swap-bad-now', { now: String(now) }));
  return t;
}

function entryOf(raw: AfterStartEntry, where: { lineup: number; slate?: string }): LateSwapLineup {
  if (Array.isArray(raw)) return { ids: raw.map((id) => (id === null || id === undefined ? '' : String(id))) };
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.players)) throw new InputError(coded('late-swap-lineup-shape', where));
  const out: LateSwapLineup = { ids: raw.players.map((id) => (id === null || id === undefined ? '' : String(id))) };
  const entry: EntryInfo = {};
  if (raw.entryId !== undefined) entry.entryId = String(raw.entryId);
  if (raw.contestName !== undefined) entry.contestName = String(raw.contestName);
  if (raw.contestId !== undefined) entry.contestId = String(raw.contestId);
  if (raw.entryFee !== undefined) entry.entryFee = String(raw.entryFee);
  if (Object.keys(entry).length > 0) out.entry = entry;
  return out;
}

/**
 * The lineups of an after-start build: a plain list, or lineups grouped by slate key with an
 * active flag (the user may leave a contest out; only active slates are used). Null when after start is off.
 */
export function afterStartLineups(request: BuildRequest): LateSwapLineup[] | null {
  const given: AfterStartLineups | undefined = request.afterStartLineups;
  if (given === undefined || given === null || request.afterStartActivated === false) return null;
  if (request.site !== 'dk') {
    // DraftKings swaps players until their own game starts, classic and showdown; FanDuel and Yahoo lock the lineup at the first game.
    throw new InputError(coded('late-swap-dk-only', {}));
  }
  if (Array.isArray(given)) return given.map((l, i) => entryOf(l, { lineup: i + 1 }));
  if (typeof given !== 'object') throw new InputError(coded('late-swap-lineups-shape', {}));
  const out: LateSwapLineup[] = [];
  for (const [slate, group] of Object.entries(given)) {
    if (!group || typeof group !== 'object' || !Array.isArray(group.lineups)) throw new InputError(coded('late-swap-slate-needs-lineups', { slate }));
    if (group.active === false) continue;
    group.lineups.forEach((l, i) => out.push(entryOf(l, { lineup: i + 1, slate })));
  }
  return out;
}

/**
 * Units whose game has started: GameState In Progress or Final, or GameStart ≤ now. A team counts as started as soon as one of
 * its players has started (this derives the locked teams when some rows lack a GameStart).
 */
export function startedUnits(pool: Pool, now: number): Set<number> {
  const startedTeams = new Set<string>();
  const started = new Set<number>();
  pool.units.forEach((u, i) => {
    // A file downloaded during the slate says so itself: In Progress and Final games have started.
    if (isGameStartedState(u)) { started.add(i); if (u.TeamAbbrev) startedTeams.add(u.TeamAbbrev); return; }
    if (!u.GameStart) return;
    const t = gameStartMillis(u.GameStart);
    if (t === null) throw new InputError(coded('late-swap-bad-game-start', { player: i + 1, name: u.Name, gameStart: String(u.GameStart) }));
    if (t <= now) { started.add(i); startedTeams.add(u.TeamAbbrev); }
  });
  pool.units.forEach((u, i) => { if (startedTeams.has(u.TeamAbbrev)) started.add(i); });
  return started;
}

export function unitById(pool: Pool, id: string): number {
  const exact = pool.units.findIndex((u) => u.Id === id);
  return exact >= 0 ? exact : pool.units.findIndex((u) => siteId(u.Id) === id);
}

/**
 * Slot → column of each started player of a lineup (they keep their slot). A started
 * player missing from the pool or not eligible for the slot is an input error.
 */
export function pinnedSlots(pool: Pool, lineup: LateSwapLineup, index: number, started: Set<number>): Map<number, number> {
  const { roster } = pool;
  if (lineup.ids.length !== roster.slots.length) {
    throw new InputError(coded('late-swap-lineup-size', { lineup: index + 1, players: lineup.ids.length, slots: roster.slots.length }), index);
  }
  const pinned = new Map<number, number>();
  lineup.ids.forEach((id, s) => {
    if (!id) return;
    const unit = unitById(pool, id);
    if (unit < 0 || !started.has(unit)) return; // not started (or gone from the pool): open
    const group = pool.groups.findIndex((g) => g.slots.includes(s));
    const col = pool.unitCandidates[unit]!.find((c) => pool.candidates[c]!.group === group
      && roster.slots[s]!.eligible.some((p) => pool.candidates[c]!.positions.includes(p)));
    if (col === undefined) throw new InputError(coded('late-swap-cannot-play', { lineup: index + 1, name: pool.units[unit]!.Name, slot: roster.slots[s]!.label }), index);
    pinned.set(s, col);
  });
  return pinned;
}
