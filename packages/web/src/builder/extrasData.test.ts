// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_DEBOUNCE_MS, UNABLE_TO_FETCH_GROUPS, UNABLE_TO_SAVE_GROUPS, UNABLE_TO_UPDATE_TEAM_STACKS_DB, getRoster } from '@stacksmith/domain';
import type { PlayerGroup } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { openSlate, testQueryClient } from '../test/openSlate';
import { buildExtras, changeGroups, editTeamStacks, groupsQuery, teamStacksQuery } from './extrasData';
import { swappedSets, useExtras } from './extrasStore';
import { slateKey } from './route';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };
let slateN = 0;

let client = testQueryClient();

function openFresh(loggedIn: boolean, players: { TeamAbbrev: string }[] = []) {
  // A new slate each test, so nothing carries over.
  slateN += 1;
  const r = { ...ref, counter: String(slateN) };
  client = testQueryClient();
  openSlate(client, r, {
    loggedIn,
    players: players.map((p, i) => ({ Id: String(i), Name: `P${i}`, Position: 'WR', Opp: '', Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100, ...p })),
  });
  useExtras.getState().open(slateKey(r));
  return r;
}

const fetchGroups = (r: SlateRef, loggedIn: boolean) => client.fetchQuery(groupsQuery(r, loggedIn)).catch(() => undefined);
const groupsOf = (r: SlateRef, loggedIn: boolean) => client.getQueryData(groupsQuery(r, loggedIn).queryKey) ?? [];
const updateGroup = (group: PlayerGroup) => changeGroups(client, (list) => {
  const at = list.findIndex((g) => g.ID === group.ID);
  return at < 0 ? [...list, group] : list.map((g, i) => (i === at ? group : g));
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('player groups', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    errors.mockRestore();
  });

  it("logs 'unable to fetch groups' and leaves an empty list when the fetch fails", async () => {
    const r = openFresh(true);
    fetchMock.mockResolvedValueOnce(json(500, { error: 'boom' }));
    await fetchGroups(r, true);
    expect(groupsOf(r, true)).toEqual([]);
    expect(errors).toHaveBeenCalledWith(UNABLE_TO_FETCH_GROUPS, expect.anything());
  });

  it('normalises fetched groups: anchors as a list, pctGroup default 1', async () => {
    const r = openFresh(true);
    fetchMock.mockResolvedValueOnce(json(200, [{ ID: 1, name: 'A', players: ['1'], anchorPlayerID: '7', active: true }]));
    await fetchGroups(r, true);
    expect(groupsOf(r, true)[0]).toMatchObject({ anchorPlayerID: ['7'], pctGroup: 1 });
  });

  it("keeps the local change and logs 'unable to save groups' when the save fails", async () => {
    const r = openFresh(true);
    fetchMock.mockResolvedValueOnce(json(500, { error: 'down' }));
    await updateGroup({ ID: 1, name: 'Pair', players: ['1', '2'], minGroup: 2, maxGroup: 2, active: true });
    expect(groupsOf(r, true).map((g) => g.name)).toEqual(['Pair']);
    expect(errors).toHaveBeenCalledWith(UNABLE_TO_SAVE_GROUPS, expect.anything());
  });

  it('saves the whole list after each change: add, replace, remove one, remove all', async () => {
    openFresh(true);
    fetchMock.mockImplementation(async () => json(200, { success: true }));
    const sent = () => JSON.parse(String((fetchMock.mock.calls.at(-1)![1] as RequestInit).body)).groups as { ID: number; name: string }[];
    await updateGroup({ ID: 1, name: 'A', players: ['1'], active: true });
    await updateGroup({ ID: 2, name: 'B', players: ['2'], active: true });
    expect(sent().map((g) => g.name)).toEqual(['A', 'B']);
    await updateGroup({ ID: 1, name: 'A2', players: ['1'], active: true });
    expect(sent().map((g) => g.name)).toEqual(['A2', 'B']);
    await changeGroups(client, (list) => list.filter((g) => g.ID !== 2));
    expect(sent().map((g) => g.name)).toEqual(['A2']);
    await changeGroups(client, () => []);
    expect(sent()).toEqual([]);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/\/user-groups$/);
  });

  it("keeps a visitor's groups in browser storage, not on the server", async () => {
    const r = openFresh(false);
    await updateGroup({ ID: 1, name: 'Mine', players: ['1'], active: true });
    expect(fetchMock).not.toHaveBeenCalled();
    client = testQueryClient();
    openSlate(client, r);
    await fetchGroups(r, false);
    expect(groupsOf(r, false).map((g) => g.name)).toEqual(['Mine']);
  });
});

describe('buildExtras', () => {
  it('sends team rows plus active stack groups (≤ 2 anchors), active groups and the active after-start slates', () => {
    const r = openFresh(true);
    client.setQueryData(teamStacksQuery(client, r, true).queryKey, {
      teamRows: [{ TeamAbbrev: 'KC', AllowQBStack: false }],
      stackGroups: [
        { ID: 1, name: 'S', players: ['1', '2'], anchorPlayerID: ['1', '2', '3'], minGroup: 1, maxGroup: 2, active: true },
        { ID: 2, name: 'off', players: ['3'], active: false },
      ],
    });
    client.setQueryData(groupsQuery(r, true).queryKey, [{ ID: 3, name: 'G', players: ['4'], active: true }, { ID: 4, name: 'H', players: ['5'], active: false }]);
    useExtras.setState({
      afterStart: { activated: true, sets: { Main: { active: true, lineups: [{ players: ['1'] }] }, Early: { active: false, lineups: [{ players: ['2'] }] } } },
    });
    const extras = buildExtras(client);
    expect(extras.teamStacks).toEqual([
      { TeamAbbrev: 'KC', AllowQBStack: false },
      expect.objectContaining({ name: 'S', anchorPlayerID: ['1', '2'], pctGroup: 1 }),
    ]);
    expect((extras.groups as { name: string }[]).map((g) => g.name)).toEqual(['G']);
    expect(extras.afterStartActivated).toBe(true);
    expect(extras.afterStartLineups).toEqual([{ players: ['1'] }]);
    useExtras.getState().toggleAfterStartSet('Main');
    expect(buildExtras(client)).toMatchObject({ afterStartActivated: false, afterStartLineups: [] });
  });
});

describe('team stacks', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("saves team stack edits once, 250 ms after the last, and logs 'unable to update team stacks db' on failure", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => json(500, { error: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = openFresh(true);
    client.setQueryData(teamStacksQuery(client, r, true).queryKey, { teamRows: [{ TeamAbbrev: 'KC' } as never, { TeamAbbrev: 'BUF' } as never], stackGroups: [] });
    const setMaxFlex = (team: string, TotalMaxFlex: number) => editTeamStacks(client, (stacks) => ({
      ...stacks, teamRows: stacks.teamRows.map((row) => (row.TeamAbbrev === team ? { ...row, TotalMaxFlex } : row)),
    }));
    setMaxFlex('KC', 2);
    setMaxFlex('BUF', 1);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as { teamStacks: { TeamAbbrev: string; TotalMaxFlex: number }[] };
    expect(body.teamStacks).toEqual([expect.objectContaining({ TeamAbbrev: 'KC', TotalMaxFlex: 2 }), expect.objectContaining({ TeamAbbrev: 'BUF', TotalMaxFlex: 1 })]);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith(UNABLE_TO_UPDATE_TEAM_STACKS_DB, expect.anything()));
  });

  it('asks for no team stacks for a pool without teams (pga, mma) and reports no failure', async () => {
    const fetchMock = vi.fn(async () => json(400, { error: 'the players have no teams' }));
    vi.stubGlobal('fetch', fetchMock);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = openFresh(true, [{ TeamAbbrev: '' }, { TeamAbbrev: '' }]);
    expect(await client.fetchQuery(teamStacksQuery(client, r, true))).toEqual({ teamRows: [], stackGroups: [] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('after a late swap', () => {
  it('gives each active lineup its swapped players and locks, in order, and leaves inactive slates alone', () => {
    const roster = getRoster('nfl', 'dk', 'classic');
    const lineup = (prefix: string, lockedSlots: number[] = []) => ({
      lineupHash: prefix, saved: false,
      rawTable: roster.slots.map((slot, s) => ({
        Id: `${prefix}${s}`, Name: `${prefix}${s}`, Position: slot.eligible[0]!, TeamAbbrev: 'KC', Salary: 5000, ProjPts: 10, ProjOwn: 5,
        Run: 1, Slot: slot.label, ...(lockedSlots.includes(s) ? { Locked: true } : {}),
      })),
    });
    const sets = {
      Main: { active: true, lineups: [{ players: roster.slots.map((_, s) => `old${s}`), entryId: '11' }, { players: roster.slots.map((_, s) => `old${s}`), entryId: '12' }] },
      Late: { active: false, lineups: [{ players: roster.slots.map((_, s) => `late${s}`) }] },
    };
    const out = swappedSets(sets, [lineup('a', [0, 1]), lineup('b')], roster);
    expect(out.Main!.lineups[0]).toEqual({ players: roster.slots.map((_, s) => `a${s}`), entryId: '11', locked: roster.slots.map((_, s) => s < 2) });
    expect(out.Main!.lineups[1]!.players[0]).toBe('b0');
    expect(out.Main!.lineups[1]!.entryId).toBe('12');
    expect(out.Late).toBe(sets.Late);
  });
});
