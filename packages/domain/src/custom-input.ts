// Custom input upload: a CSV of per-player projections and exposures.
// Columns: Id or ID, Name, Position, ProjPts, ProjOwn, MinExp, MaxExp; the first row holds
// the headings.
import Papa from 'papaparse';
import { NO_CUSTOM_INPUT_VALUE_HEADING, NO_ID_HEADING } from './messages.js';
import {
  applyExposureEdit,
  applyProjectionEdit,
  isValidExposureEdit,
  isValidProjectionEdit,
  parseNumericInput,
  type PlayerRow,
} from './player-edits.js';

/** Id headings accepted, in order of preference. */
export const CUSTOM_INPUT_ID_HEADINGS = ['Id', 'ID'] as const;
/** At least one of these headings must be present. */
export const CUSTOM_INPUT_VALUE_HEADINGS = ['ProjPts', 'MinExp', 'MaxExp'] as const;

export interface CustomInputUpdate {
  readonly Id: string;
  readonly ProjPts?: number;
  readonly ProjOwn?: number;
  readonly MinExp?: number;
  readonly MaxExp?: number;
}

export interface CustomInputResult {
  readonly ok: boolean;
  /** Why the upload stopped; absent when ok. */
  readonly message?: string;
  /** One entry per row with an Id and at least one usable value. */
  readonly updates: CustomInputUpdate[];
}

/** The upload accepts CSV files only. */
export function isCsvFileName(fileName: string): boolean {
  return /\.csv$/i.test(fileName.trim());
}

/** A usable cell value, or undefined for an empty, unreadable or out-of-range one. */
function cellNumber(text: string | undefined, valid: (n: number) => boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = parseNumericInput(text);
  return value !== null && valid(value) ? value : undefined;
}

/**
 * Reads a custom input CSV. Without an Id/ID heading it stops with 'No ID heading';
 * without any of ProjPts, MinExp, MaxExp it stops too. Empty cells are ignored, and so are
 * cells the player table would reject (ProjPts below 0, ProjOwn/MinExp/MaxExp outside 0..100).
 */
export function parseCustomInput(csvText: string): CustomInputResult {
  const parsed = Papa.parse<Record<string, string>>(csvText, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headings = parsed.meta.fields ?? [];
  const idHeading = CUSTOM_INPUT_ID_HEADINGS.find((h) => headings.includes(h));
  if (!idHeading) return { ok: false, message: NO_ID_HEADING, updates: [] };
  if (!CUSTOM_INPUT_VALUE_HEADINGS.some((h) => headings.includes(h))) {
    return { ok: false, message: NO_CUSTOM_INPUT_VALUE_HEADING, updates: [] };
  }

  const updates: CustomInputUpdate[] = [];
  for (const row of parsed.data) {
    const id = (row[idHeading] ?? '').trim();
    if (id === '') continue;
    const values = {
      ProjPts: cellNumber(row.ProjPts, (n) => isValidProjectionEdit({ UserProj: n })),
      ProjOwn: cellNumber(row.ProjOwn, (n) => isValidProjectionEdit({ UserOwn: n })),
      MinExp: cellNumber(row.MinExp, (n) => isValidExposureEdit({ MinExp: n })),
      MaxExp: cellNumber(row.MaxExp, (n) => isValidExposureEdit({ MaxExp: n })),
    };
    const present = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(present).length > 0) updates.push({ Id: id, ...present });
  }
  return { ok: true, updates };
}

/**
 * Applies parsed updates to the player table. A ProjPts becomes the user projection (the
 * house projection is stored, as for a typed edit) and a ProjOwn the user ownership; MinExp
 * and MaxExp set the exposures. Ids are matched exactly; ids not in the table are skipped,
 * since an upload may cover more players than the slate.
 */
export function applyCustomInputUpdates<P extends PlayerRow>(players: readonly P[], updates: readonly CustomInputUpdate[]): P[] {
  const byId = new Map(updates.map((u) => [u.Id, u]));
  return players.map((player) => {
    const update = byId.get(player.Id);
    if (!update) return player;
    let row = player;
    if (update.ProjPts !== undefined) row = applyProjectionEdit(row, { UserProj: update.ProjPts });
    if (update.ProjOwn !== undefined) row = applyProjectionEdit(row, { UserOwn: update.ProjOwn });
    if (update.MinExp !== undefined) row = applyExposureEdit(row, { MinExp: update.MinExp });
    if (update.MaxExp !== undefined) row = applyExposureEdit(row, { MaxExp: update.MaxExp });
    return row;
  });
}

/** Parse and apply in one step; on a stopped upload the players come back untouched. */
export function uploadCustomInput<P extends PlayerRow>(
  csvText: string,
  players: readonly P[],
): CustomInputResult & { readonly players: P[] } {
  const result = parseCustomInput(csvText);
  return { ...result, players: result.ok ? applyCustomInputUpdates(players, result.updates) : players.slice() };
}
