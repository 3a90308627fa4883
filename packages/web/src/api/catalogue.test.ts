// The catalogue's failure messages (domain messages.ts) for calls that have one:
// slates ('unable to fetch players'), summary data and presets ('unable to fetch opt'),
// exposure stats ('unable to fetch exposure stats'); analytics failures are only logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CALL_FAILED, UNABLE_TO_FETCH_EXPOSURE_STATS, UNABLE_TO_FETCH_OPT, UNABLE_TO_FETCH_PLAYERS } from '@stacksmith/domain';
import { analysisApi, builderApi, type SlateRef } from './client';
import { analysisCalls } from './analysis';
import { QueryClient } from '@tanstack/react-query';
import { sitePresetsQuery } from '../builder/presets/contentStore';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };

function failingServer() {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'boom' }), { status: 500 })));
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('catalogue messages of failed calls', () => {
  it("a failed slates fetch logs and throws 'unable to fetch players'", async () => {
    const log = failingServer();
    await expect(builderApi.slates(ref)).rejects.toThrow(UNABLE_TO_FETCH_PLAYERS);
    expect(log).toHaveBeenCalledWith(UNABLE_TO_FETCH_PLAYERS, expect.anything());
  });

  it("a failed summary-data fetch logs and throws 'unable to fetch opt'", async () => {
    const log = failingServer();
    const body = { lineups: [], slateSize: 24, site: 'dk' as const, lineupSize: 9 };
    await expect(analysisCalls.lineupComparison('nfl', 2023, '1', body)).rejects.toThrow(UNABLE_TO_FETCH_OPT);
    expect(log).toHaveBeenCalledWith(UNABLE_TO_FETCH_OPT, expect.anything());
  });

  it("a failed site-presets fetch logs 'unable to fetch opt' and leaves no presets", async () => {
    const log = failingServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(sitePresetsQuery(ref, 24))).rejects.toThrow(UNABLE_TO_FETCH_OPT);
    expect(log).toHaveBeenCalledWith(UNABLE_TO_FETCH_OPT, expect.anything());
    expect(client.getQueryData(sitePresetsQuery(ref, 24).queryKey)).toBeUndefined();
  });

  it("a failed exposure-stats fetch logs and throws 'unable to fetch exposure stats'", async () => {
    const log = failingServer();
    await expect(analysisCalls.exposureStats('nfl', 9, { players: [], lineups: [] })).rejects.toThrow(UNABLE_TO_FETCH_EXPOSURE_STATS);
    expect(log).toHaveBeenCalledWith(UNABLE_TO_FETCH_EXPOSURE_STATS, expect.anything());
  });

  it('logs a failed analytics call and leaves the message to the caller', async () => {
    const log = failingServer();
    await expect(analysisCalls.props(2023, 1)).rejects.toThrow('boom');
    await expect(analysisCalls.topStacks(2023, 1, 'dk')).rejects.toThrow('boom');
    await expect(analysisApi.playerStats('nfl', 'Josh Allen', 'QB')).rejects.toThrow('boom');
    expect(log.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [ANALYTICS_CALL_FAILED, 'props'], [ANALYTICS_CALL_FAILED, 'top stacks'], [ANALYTICS_CALL_FAILED, 'player stats'],
    ]);
  });
});
