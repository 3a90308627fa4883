// @vitest-environment jsdom
import '../test/setup';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { setSession } from '../test/session';
import { openSlate, testQueryClient } from '../test/openSlate';
import { useBuilderExtras } from './useBuilderExtras';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };
const qb: PlayerRow = { Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000, ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100 };

let urls: string[] = [];

function openBuilder(loggedin: boolean, admin: boolean) {
  const client = testQueryClient();
  setSession(client, loggedin ? { admin, name: 'Pat' } : null);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  openSlate(client, ref, { loggedIn: loggedin, players: [qb] });
  renderHook(() => useBuilderExtras(ref, loggedin), { wrapper });
}

beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(url.includes('/plan') ? { permissions: [] } : []), { status: 200 });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('builder extras once the players are in', () => {
  it('asks a visitor for team stacks and custom presets but not for the site presets the server refuses them', async () => {
    openBuilder(false, false);
    await waitFor(() => expect(urls.some((u) => u.includes('/custom-presets'))).toBe(true));
    expect(urls.some((u) => u.includes('team-stacks'))).toBe(true);
    expect(urls.some((u) => /\/presets\/\d+$/.test(u))).toBe(false);
  });

  it('asks for the site presets by team count when the plan grants them', async () => {
    openBuilder(true, true);
    // One team in the pool: numTeams 1.
    await waitFor(() => expect(urls.some((u) => u.endsWith('/nfl/classic/dk/presets/1'))).toBe(true));
  });
});
