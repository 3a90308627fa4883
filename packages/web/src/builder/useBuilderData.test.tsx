// @vitest-environment jsdom
import '../test/setup';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lineupHash, type LineupRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { createQueryClient } from '../queryClient';
import { useBuilder } from './builderStore';
import { editPlayers, playersQuery, savedQuery, settingsQuery } from './slateData';
import { useBuilderData } from './useBuilderData';
import { useBuilderExtras } from './useBuilderExtras';
import { setSession } from '../test/session';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '3' };
const rawTable = [{ Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Salary: 8000, ProjPts: 20, ProjOwn: 10, Run: 1, Slot: 'QB' }] as LineupRow[];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('builder background fetches', () => {
  it('retry a failed saved-lineups fetch after 3000 ms', async () => {
    let savedCalls = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.includes('/save-lineups/')) {
        savedCalls += 1;
        return savedCalls === 1
          ? new Response(JSON.stringify({ error: 'busy' }), { status: 503 })
          : new Response(JSON.stringify({ lineups: [{ rawTable, lineupHash: lineupHash(rawTable) }] }), { status: 200 });
      }
      return new Response(JSON.stringify(url.includes('/players/') ? { players: [] } : {}), { status: 200 });
    }));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    useBuilder.setState({ key: '', ref: null });
    renderHook(() => useBuilderData(ref, true), { wrapper });
    await waitFor(() => expect(savedCalls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(savedCalls).toBe(1);
    const saved = () => client.getQueryState(savedQuery(ref, true).queryKey);
    await waitFor(() => expect(saved()?.data).toHaveLength(1), { timeout: 6000 });
    expect(saved()?.status).toBe('success');
  }, 15_000);

  it('does not re-render its page when a build appends lineups', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('/players/') ? { players: [] } : {}), { status: 200 })));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    useBuilder.setState({ key: '', ref: null });
    let renders = 0;
    renderHook(() => { renders += 1; return useBuilderData(ref, true); }, { wrapper });
    await waitFor(() => expect(useBuilder.getState().ref).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = renders;
    act(() => {
      useBuilder.getState().fetchResult(20);
      for (let i = 0; i < 4; i++) useBuilder.getState().appendLineups([{ rawTable, lineupHash: lineupHash(rawTable), saved: false }], i + 1, 20, []);
    });
    expect(renders).toBe(before);
  });

  it('loads the players once: table edits change the cache at once, re-render neither the page nor refetch', async () => {
    const qb = { Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000, ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100 };
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.includes('/players/') ? { players: [qb], max_salary: 60000 } : url.includes('/site-settings/') ? {} : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }));
    const client = createQueryClient();
    setSession(client, null);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    useBuilder.setState({ key: '', ref: null });
    let renders = 0;
    renderHook(() => {
      renders += 1;
      useBuilderExtras(ref, false);
      return useBuilderData(ref, false);
    }, { wrapper });
    const players = () => client.getQueryData(playersQuery(ref, false).queryKey)?.rows ?? [];
    await waitFor(() => expect(players()).toHaveLength(1));
    // The settings take the slate's max salary as their default.
    await waitFor(() => expect(client.getQueryData(settingsQuery(client, ref, false).queryKey)).toMatchObject({ maxSal: 60000, maxSalDefault: 60000 }));
    // The team stacks come once the players are in; then the page is quiet.
    await waitFor(() => expect(urls.some((u) => u.includes('/team-stacks/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fetched = urls.length;
    const before = renders;
    act(() => {
      for (const max of [80, 60, 40]) editPlayers(client, (rows) => rows.map((row) => ({ ...row, MaxExp: max })));
    });
    expect(players()[0]).toMatchObject({ MaxExp: 40 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(urls).toHaveLength(fetched);
    expect(renders).toBe(before);
  });
});
