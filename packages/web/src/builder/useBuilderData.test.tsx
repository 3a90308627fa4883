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
import { useBuilderData } from './useBuilderData';

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
    await waitFor(() => expect(useBuilder.getState().saved.data).toHaveLength(1), { timeout: 6000 });
    expect(useBuilder.getState().saved.failedLoading).toBe(false);
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
});
