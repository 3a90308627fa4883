// @vitest-environment jsdom
// Logged-in saves of the builder: edits and settings reach the
// server once, 250 ms after the last change; failures log the catalogue messages; a failed
// user-projection fetch leaves the house values.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAILED_TO_UPDATE_USER_PROJECTIONS, SAVE_DEBOUNCE_MS, UNABLE_TO_UPDATE_SETTINGS, editProjection, type PlayerRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { openSlate, testQueryClient } from '../test/openSlate';
import { useBuilder } from './builderStore';
import { editPlayers, loadPlayers, updateSettings } from './slateData';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };
const house: PlayerRow = {
  Id: '7', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000, ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100,
};

type Call = { url: string; method: string; body: unknown };

/** A server that answers GETs from `answers` by path fragment and fails every POST. */
function server(answers: Record<string, unknown>, failPosts = true) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && failPosts) return new Response(JSON.stringify({ error: 'db down' }), { status: 500 });
    const hit = Object.entries(answers).find(([fragment]) => url.includes(fragment));
    if (!hit) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(hit[1]), { status: 200 });
  }));
  return calls;
}

beforeEach(() => {
  useBuilder.setState({ key: '', ref: null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logged-in saves', () => {
  it("post the edited rows once after 250 ms and log 'failed to update user projections' when the save fails", async () => {
    vi.useFakeTimers();
    const calls = server({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = testQueryClient();
    openSlate(client, ref, { loggedIn: true, players: [house] });
    editPlayers(client, (rows) => editProjection(rows, '7', { UserProj: '25' }));
    editPlayers(client, (rows) => editProjection(rows, '7', { UserProj: '26' }));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain('/user-projections/');
    expect(calls[0]!.body).toEqual([expect.objectContaining({ Id: '7', UserProj: 26 })]);
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(FAILED_TO_UPDATE_USER_PROJECTIONS, expect.anything()));
  });

  it("send every setting once after 250 ms and log 'unable to update settings' when the save fails", async () => {
    vi.useFakeTimers();
    const calls = server({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = testQueryClient();
    openSlate(client, ref, { loggedIn: true, settings: {} });
    updateSettings(client, { numLUs: 20 });
    updateSettings(client, { minUnique: 2 });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { settings: Record<string, unknown> }).settings).toMatchObject({ numLUs: 20, minUnique: 2, maxTotalOwn: 900 });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(UNABLE_TO_UPDATE_SETTINGS, expect.anything()));
  });
});

describe('loading players', () => {
  it('shows the house values when the user-projection fetch fails, and applies them when it answers', async () => {
    server({ '/players/': { players: [house] } });
    const failed = await loadPlayers(ref, true);
    expect(failed.rows[0]).toMatchObject({ ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100 });
    expect(failed.rows[0]!.UserProj ?? null).toBeNull();

    vi.unstubAllGlobals();
    server({ '/players/': { players: [house] }, '/user-projections/': { 7: { Id: '7', UserProj: 30, UserOwn: null, MinExp: 10, MaxExp: 50, Boost: 0 } } });
    const edited = await loadPlayers(ref, true);
    expect(edited.rows[0]).toMatchObject({ ProjPts: 30, UserProj: 30, MinExp: 10, MaxExp: 50 });
  });
});
