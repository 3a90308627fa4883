import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle';

describe('pageTitle', () => {
  it('names each page', () => {
    expect(pageTitle('/')).toBe('Daily fantasy lineup optimizer · Stacksmith');
    expect(pageTitle('/plans')).toBe('Plans · Stacksmith');
    expect(pageTitle('/optimizer/classic/nfl/dk/Main')).toBe('NFL DraftKings Lineup Builder · Stacksmith');
    expect(pageTitle('/optimizer/showdown/nba/dk/Main')).toBe('NBA DraftKings Showdown Lineup Builder · Stacksmith');
    expect(pageTitle('/optimizer/mlb/fd/Main')).toBe('MLB FanDuel Lineup Builder · Stacksmith');
    expect(pageTitle('/projections/nfl/ya')).toBe('NFL Yahoo Projections · Stacksmith');
    expect(pageTitle('/analysis/nfl/dk/Main/stacks')).toBe('NFL Stacks · DraftKings · Stacksmith');
  });
  it('says an unknown address is not found', () => {
    expect(pageTitle('/nope')).toBe('Page not found · Stacksmith');
    expect(pageTitle('/plans/extra')).toBe('Page not found · Stacksmith');
  });
});
