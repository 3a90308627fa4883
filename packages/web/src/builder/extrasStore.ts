// The builder's stack and group inputs: team stack rows and stack groups, player groups and the after-start lineup sets.
// Each edit updates the local state at once, then saves: to the server when logged in, to
// browser storage for visitors (they have no account). useBuild reads buildExtras().
import { create } from 'zustand';
import {
  UNABLE_TO_FETCH_GROUPS, UNABLE_TO_FETCH_TEAM_STACKS, UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, UNABLE_TO_SAVE_GROUPS,
  SAVE_DEBOUNCE_MS, UNABLE_TO_UPDATE_TEAM_STACKS_DB, groupsForSend, normalizeGroup,
  lineupUploadIds, siteId, type BuiltLineup, type PlayerGroup, type RosterSpec, type TeamStackRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { extrasApi, type TeamStackEntry } from '../api/extras';

export interface DataSet<T> {
  loading: boolean;
  data: T;
  failedLoading: boolean;
}

/** A lineup of the After Start tab: player Ids by slot, plus its contest entry when uploaded. */
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

export type TeamRow = TeamStackRow & { Opp?: string };

const VISITOR_PREFIX = 'stacksmith.extras.';

export const isStackGroup = (entry: TeamStackEntry): entry is PlayerGroup & { TeamAbbrev?: undefined } =>
  Array.isArray((entry as PlayerGroup).players);

function readVisitor<T>(key: string, kind: string): T | null {
  try {
    const text = localStorage.getItem(`${VISITOR_PREFIX}${kind}.${key}`);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeVisitor(key: string, kind: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(`${VISITOR_PREFIX}${kind}.${key}`);
    else localStorage.setItem(`${VISITOR_PREFIX}${kind}.${key}`, JSON.stringify(value));
  } catch {
    // storage full or blocked: the edit stays in memory for this visit
  }
}

interface ExtrasState {
  ref: SlateRef | null;
  key: string;
  loggedIn: boolean;
  teamRows: DataSet<TeamRow[]>;
  stackGroups: PlayerGroup[];
  groups: DataSet<PlayerGroup[]>;
  afterStart: { activated: boolean; sets: Record<string, AfterStartSet> };

  open: (ref: SlateRef, key: string, loggedIn: boolean) => void;
  fetchTeamStacks: (players: { TeamAbbrev: string; Opp?: string | null }[]) => Promise<void>;
  updateTeamRow: (team: string, patch: Partial<TeamRow>) => void;
  setStackGroup: (group: PlayerGroup) => void;
  removeStackGroup: (id: PlayerGroup['ID']) => void;
  resetTeamStacks: (players: { TeamAbbrev: string; Opp?: string | null }[]) => Promise<void>;

  fetchGroups: () => Promise<void>;
  /** Adds a group, or replaces the one with the same ID. */
  updateGroup: (group: PlayerGroup) => Promise<void>;
  removeGroup: (id: PlayerGroup['ID']) => Promise<void>;
  replaceGroups: (groups: PlayerGroup[]) => Promise<void>;
  removeAllGroups: () => Promise<void>;

  setAfterStartSets: (sets: Record<string, AfterStartSet>) => void;
  toggleAfterStartSet: (slate: string) => void;
  setAfterStartActivated: (activated: boolean) => void;
  /** After a late-swap build: the active slates' lineups become the swapped ones. */
  receiveSwapped: (swapped: readonly BuiltLineup[], roster: RosterSpec) => void;
}

let teamSaveTimer: ReturnType<typeof setTimeout> | null = null;

export const useExtras = create<ExtrasState>((set, get) => {
  const saveTeamStacks = () => {
    const { ref, key, loggedIn } = get();
    if (!ref) return;
    if (teamSaveTimer) clearTimeout(teamSaveTimer);
    teamSaveTimer = setTimeout(() => {
      const { teamRows, stackGroups } = get();
      const all: TeamStackEntry[] = [...teamRows.data, ...stackGroups.map((g) => ({ ...g, TeamAbbrev: undefined }))];
      if (loggedIn) extrasApi.saveTeamStacks(ref, all).catch((error) => console.error(UNABLE_TO_UPDATE_TEAM_STACKS_DB, error));
      else writeVisitor(key, 'teamStacks', all);
    }, SAVE_DEBOUNCE_MS);
  };

  /** Groups: the local list changes at once, then the whole list is saved. */
  const changeGroups = async (next: PlayerGroup[]) => {
    const { ref, key, loggedIn } = get();
    set((s) => ({ groups: { ...s.groups, data: next } }));
    if (!ref) return;
    if (!loggedIn) {
      writeVisitor(key, 'groups', next);
      return;
    }
    try {
      const answer = await extrasApi.saveGroups(ref, next);
      if (answer && answer.success === false) throw new Error(UNABLE_TO_SAVE_GROUPS);
    } catch (error) {
      // The local state keeps the change, so a failed save loses nothing on screen.
      console.error(UNABLE_TO_SAVE_GROUPS, error);
    }
  };

  const splitEntries = (entries: TeamStackEntry[]) => ({
    teamRows: { loading: false, failedLoading: false, data: entries.filter((e) => !isStackGroup(e)) as TeamRow[] },
    stackGroups: entries.filter(isStackGroup).map((g) => {
      const { TeamAbbrev: _team, ...group } = g;
      return group as PlayerGroup;
    }),
  });

  return {
    ref: null,
    key: '',
    loggedIn: false,
    teamRows: { loading: false, data: [], failedLoading: false },
    stackGroups: [],
    groups: { loading: false, data: [], failedLoading: false },
    afterStart: { activated: false, sets: {} },

    open(ref, key, loggedIn) {
      if (get().key === key && get().loggedIn === loggedIn) return;
      const sameSlate = get().key === key;
      set({
        ref, key, loggedIn,
        ...(sameSlate ? {} : {
          teamRows: { loading: false, data: [], failedLoading: false },
          stackGroups: [],
          groups: { loading: false, data: [], failedLoading: false },
          afterStart: { activated: false, sets: {} },
        }),
      });
    },

    async fetchTeamStacks(players) {
      const { ref, key, loggedIn } = get();
      if (!ref) return;
      // Pools without teams (pga, mma) have no team stacks; the server would refuse them.
      if (!players.some((p) => p.TeamAbbrev)) {
        set(splitEntries([]));
        return;
      }
      set((s) => ({ teamRows: { ...s.teamRows, loading: true, failedLoading: false } }));
      const stored = loggedIn ? null : readVisitor<TeamStackEntry[]>(key, 'teamStacks');
      try {
        const entries = stored ?? (await extrasApi.teamStacks(ref, players));
        if (get().key !== key) return;
        set(splitEntries(Array.isArray(entries) ? entries : []));
      } catch (error) {
        console.error(UNABLE_TO_FETCH_TEAM_STACKS, error);
        if (get().key === key) set((s) => ({ teamRows: { ...s.teamRows, loading: false, failedLoading: true } }));
      }
    },
    updateTeamRow(team, patch) {
      set((s) => ({ teamRows: { ...s.teamRows, data: s.teamRows.data.map((r) => (r.TeamAbbrev === team ? { ...r, ...patch } : r)) } }));
      saveTeamStacks();
    },
    setStackGroup(group) {
      const normal = normalizeGroup(group) as PlayerGroup;
      set((s) => {
        const at = s.stackGroups.findIndex((g) => g.ID === group.ID);
        return { stackGroups: at < 0 ? [...s.stackGroups, normal] : s.stackGroups.map((g, i) => (i === at ? normal : g)) };
      });
      saveTeamStacks();
    },
    removeStackGroup(id) {
      set((s) => ({ stackGroups: s.stackGroups.filter((g) => g.ID !== id) }));
      saveTeamStacks();
    },
    /** Reset deletes the user's team stacks, then refetches, so the house rows come back. */
    async resetTeamStacks(players) {
      const { ref, key, loggedIn } = get();
      if (!ref) return;
      if (teamSaveTimer) clearTimeout(teamSaveTimer);
      if (loggedIn) {
        await extrasApi.deleteTeamStacks(ref).catch((error) => console.error(UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, error));
      } else {
        writeVisitor(key, 'teamStacks', null);
      }
      await get().fetchTeamStacks(players);
    },

    async fetchGroups() {
      const { ref, key, loggedIn } = get();
      if (!ref) return;
      if (!loggedIn) {
        set({ groups: { loading: false, failedLoading: false, data: readVisitor<PlayerGroup[]>(key, 'groups') ?? [] } });
        return;
      }
      set((s) => ({ groups: { ...s.groups, loading: true } }));
      try {
        const list = await extrasApi.groups(ref);
        if (get().key !== key) return;
        set({ groups: { loading: false, failedLoading: false, data: (Array.isArray(list) ? list : []).map((g) => normalizeGroup(g) as PlayerGroup) } });
      } catch (error) {
        // A failed fetch logs and leaves an empty list.
        console.error(UNABLE_TO_FETCH_GROUPS, error);
        if (get().key === key) set({ groups: { loading: false, failedLoading: true, data: [] } });
      }
    },
    updateGroup: (group) => {
      const list = get().groups.data;
      const at = list.findIndex((g) => g.ID === group.ID);
      return changeGroups(at < 0 ? [...list, group] : list.map((g, i) => (i === at ? group : g)));
    },
    removeGroup: (id) => changeGroups(get().groups.data.filter((g) => g.ID !== id)),
    replaceGroups: (groups) => changeGroups(groups),
    removeAllGroups: () => changeGroups([]),

    setAfterStartSets: (sets) => set({ afterStart: { activated: Object.keys(sets).length > 0, sets } }),
    toggleAfterStartSet: (slate) =>
      set((s) => {
        const current = s.afterStart.sets[slate];
        if (!current) return {};
        return { afterStart: { ...s.afterStart, sets: { ...s.afterStart.sets, [slate]: { ...current, active: !current.active } } } };
      }),
    setAfterStartActivated: (activated) => set((s) => ({ afterStart: { ...s.afterStart, activated } })),
    receiveSwapped: (swapped, roster) => set((s) => ({ afterStart: { ...s.afterStart, sets: swappedSets(s.afterStart.sets, swapped, roster) } })),
  };
});

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

/** The build message's teamStacks, groups and after-start fields (docs/api.md "The build stream"). */
export function buildExtras(): {
  teamStacks: unknown[]; groups: unknown[]; afterStartActivated: boolean; afterStartLineups: AfterStartLineup[];
} {
  const { teamRows, stackGroups, groups, afterStart } = useExtras.getState();
  const lineups = activeAfterStartLineups(afterStart.sets);
  const activated = afterStart.activated && lineups.length > 0;
  return {
    teamStacks: [...teamRows.data, ...groupsForSend(stackGroups)],
    groups: groupsForSend(groups.data),
    afterStartActivated: activated,
    afterStartLineups: activated ? lineups : [],
  };
}
