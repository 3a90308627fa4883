// After a projections upload, the players the file did not list would keep the site's values
// (on a slate from a site file: season averages), and a backup at his season average went into
// half the lineups. So they are excluded (Max Exp 0, an edit saved like any other); a notice
// stays until the user brings them back with the site's values in one click or dismisses it.
// The notice is UI state (zustand, kept in this browser per slate), not server data.
import { applyExposureEdit, type PlayerRow } from '@stacksmith/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** A player the upload excluded, with the Max Exp he had before (absent: the default). */
export interface UploadExclusion { Id: string; Name: string; MaxExp?: number }

/** Excludes every row whose Id the file did not match; answers the rows and what was excluded. */
export function excludeUnlisted<P extends PlayerRow>(rows: readonly P[], listedIds: ReadonlySet<string>): { rows: P[]; excluded: UploadExclusion[] } {
  const excluded: UploadExclusion[] = [];
  const next = rows.map((row) => {
    if (listedIds.has(row.Id)) return row;
    const before = typeof row.MaxExp === 'number' ? row.MaxExp : undefined;
    if (before === 0) return row; // already out: nothing to bring back
    excluded.push({ Id: row.Id, Name: String(row.Name), ...(before !== undefined ? { MaxExp: before } : {}) });
    return applyExposureEdit(row, { MaxExp: 0 });
  });
  return { rows: next, excluded };
}

/** The excluded players back at their Max Exp before the upload (the default, 100, when they had none). */
export function restoreExcluded<P extends PlayerRow>(rows: readonly P[], excluded: readonly UploadExclusion[], defaultMaxExp: number): P[] {
  const before = new Map(excluded.map((e) => [e.Id, e.MaxExp ?? defaultMaxExp]));
  return rows.map((row) => (before.has(row.Id) && row.MaxExp === 0 ? applyExposureEdit(row, { MaxExp: before.get(row.Id)! }) : row));
}

interface UploadExclusionsState {
  bySlate: Record<string, { fileName: string; excluded: UploadExclusion[] }>;
  record: (slate: string, fileName: string, excluded: UploadExclusion[]) => void;
  clear: (slate: string) => void;
}

export const useUploadExclusions = create<UploadExclusionsState>()(persist((set) => ({
  bySlate: {},
  record: (slate, fileName, excluded) => set((s) => ({ bySlate: { ...s.bySlate, [slate]: { fileName, excluded } } })),
  clear: (slate) => set((s) => {
    const { [slate]: _gone, ...rest } = s.bySlate;
    return { bySlate: rest };
  }),
}), { name: 'stacksmith.uploadExclusions', version: 1 }));
