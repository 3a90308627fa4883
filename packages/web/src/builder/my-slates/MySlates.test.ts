import { describe, expect, it } from 'vitest';
import type { UserSlateSummary } from '@stacksmith/domain';
import { isPrivateSlate, mySlateUrl } from './MySlates';

const slate = (over: Partial<UserSlateSummary>): UserSlateSummary => ({
  id: 7, slate: 'my-7', name: 'Tonight', sport: 'nba', site: 'dk', contestType: 'classic', season: 2026, counter: '2026-11-26',
  fileName: 'DKSalaries.csv', players: 80, seasonAverages: true, createdAt: '2026-11-26T10:00:00Z', ...over,
});

describe('my slates in the builder URL', () => {
  it('opens a private slate on its own date, or its nfl week', () => {
    expect(mySlateUrl(slate({}), new URLSearchParams('week=3'))).toBe('/optimizer/classic/nba/dk/my-7?season=2026&date=2026-11-26');
    expect(mySlateUrl(slate({ sport: 'nfl', contestType: 'showdown', counter: '22', season: 2023 }), new URLSearchParams('date=2026-01-01')))
      .toBe('/optimizer/showdown/nfl/dk/my-7?season=2023&week=22');
  });

  it('tells a private slate segment from a site slate', () => {
    expect(isPrivateSlate('my-7')).toBe(true);
    expect(isPrivateSlate('Main')).toBe(false);
    expect(isPrivateSlate('my-slate')).toBe(false);
  });
});
