// Visitors' edits live only in browser storage (they have no account): per slate, the player
// overrides, the settings they changed and the 'zeroed' preference.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { BuildSettings, PlayerOverride } from '@stacksmith/domain';

export const VISITOR_STORAGE_KEY = 'stacksmith.visitor';

export interface SlateEdits {
  players: Record<string, PlayerOverride>;
  settings: Partial<BuildSettings>;
}

interface VisitorState {
  slates: Record<string, SlateEdits>;
  savePlayers: (key: string, rows: PlayerOverride[]) => void;
  saveSettings: (key: string, settings: Partial<BuildSettings>) => void;
  clearPlayers: (key: string) => void;
  clearSettings: (key: string) => void;
}

const empty = (): SlateEdits => ({ players: {}, settings: {} });

export const useVisitorEdits = create<VisitorState>()(
  persist(
    (set) => ({
      slates: {},
      savePlayers: (key, rows) =>
        set((state) => {
          const current = state.slates[key] ?? empty();
          const players = { ...current.players };
          for (const row of rows) players[row.Id] = row;
          return { slates: { ...state.slates, [key]: { ...current, players } } };
        }),
      saveSettings: (key, settings) =>
        set((state) => {
          const current = state.slates[key] ?? empty();
          return { slates: { ...state.slates, [key]: { ...current, settings: { ...current.settings, ...settings } } } };
        }),
      clearPlayers: (key) =>
        set((state) => ({ slates: { ...state.slates, [key]: { ...(state.slates[key] ?? empty()), players: {} } } })),
      clearSettings: (key) =>
        set((state) => ({ slates: { ...state.slates, [key]: { ...(state.slates[key] ?? empty()), settings: {} } } })),
    }),
    { name: VISITOR_STORAGE_KEY, version: 1 },
  ),
);

/** The 'zeroed' preference: when logged in it is stored locally per slate. */
export const ZEROED_STORAGE_KEY = 'stacksmith.zeroed';

export function isZeroed(key: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(ZEROED_STORAGE_KEY) ?? '[]') as string[]).includes(key);
  } catch {
    return false;
  }
}

export function setZeroed(key: string, zeroed: boolean): void {
  const keys = new Set<string>(JSON.parse(localStorage.getItem(ZEROED_STORAGE_KEY) ?? '[]') as string[]);
  if (zeroed) keys.add(key);
  else keys.delete(key);
  localStorage.setItem(ZEROED_STORAGE_KEY, JSON.stringify([...keys]));
}
