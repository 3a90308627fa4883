import { describe, expect, it } from 'vitest';
import { parseBuilderRoute } from './route';
import { coded, renderMessage } from '@stacksmith/domain';
import { parseBuildMessage } from './buildSocket';

const now = Date.UTC(2023, 8, 20, 12);
const q = (s = '') => new URLSearchParams(s);

describe('builder routes', () => {
  it('reads the contest type, sport, site and slate', () => {
    const parsed = parseBuilderRoute({ contestType: 'classic', sport: 'nfl', site: 'dk', slate: 'Main' }, q('week=3'), now);
    expect(parsed).toEqual({ kind: 'ok', ref: { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '3' } });
  });
  it('sends week 22 to the showdown path and other weeks to classic', () => {
    expect(parseBuilderRoute({ contestType: 'classic', sport: 'nfl', site: 'fd', slate: 'Main' }, q('week=22'), now))
      .toEqual({ kind: 'redirect', to: '/optimizer/showdown/nfl/fd/Main?week=22' });
    expect(parseBuilderRoute({ contestType: 'showdown', sport: 'nfl', site: 'fd', slate: 'Main' }, q('week=4'), now))
      .toEqual({ kind: 'redirect', to: '/optimizer/classic/nfl/fd/Main?week=4' });
  });

  it('keeps a single-game showdown slate of weeks 1-21 on the showdown path', () => {
    const parsed = parseBuilderRoute({ contestType: 'showdown', sport: 'nfl', site: 'dk', slate: 'CHI@HOU' }, q('week=1&season=2023'), now);
    expect(parsed).toMatchObject({ kind: 'ok', ref: { contestType: 'showdown', slate: 'CHI@HOU', counter: '1' } });
  });
  it('gives the short form its classic path and rejects unknown sports', () => {
    expect(parseBuilderRoute({ sport: 'nba', site: 'dk', slate: 'Main' }, q(), now)).toEqual({ kind: 'redirect', to: '/optimizer/classic/nba/dk/Main' });
    expect(parseBuilderRoute({ sport: 'cricket', site: 'dk', slate: 'Main' }, q(), now)).toEqual({ kind: 'invalid' });
  });
  it('uses the slate date for date sports', () => {
    const parsed = parseBuilderRoute({ contestType: 'classic', sport: 'nba', site: 'fd', slate: 'Main' }, q('date=2023-11-02'), now);
    expect(parsed.kind === 'ok' && parsed.ref.counter).toBe('2023-11-02');
  });
});

describe('build stream messages', () => {
  it('reads a batch and fails on an error field or a malformed message', () => {
    expect(parseBuildMessage('{"lu":[],"luNum":3,"total":20,"warnings":["w"]}')).toEqual({ lu: [], luNum: 3, total: 20, warnings: ['w'] });
    expect(() => parseBuildMessage('{"error":"No lineup fits"}')).toThrow('No lineup fits');
    expect(() => parseBuildMessage('{"lu":5}')).toThrow('Error parsing');
    expect(() => parseBuildMessage('not json')).toThrow();
  });
  it('renders the warnings from their codes, so the text shown is the domain\'s whatever the server wrote', () => {
    const message = { lu: [], luNum: 3, total: 20, warnings: ['old wording', 'a code from a newer server'], warningCodes: [coded('lineup-limit', { limit: 3 }), { code: 'not-known-yet', params: {} }] };
    expect(parseBuildMessage(JSON.stringify(message)).warnings).toEqual([renderMessage(coded('lineup-limit', { limit: 3 })), 'a code from a newer server']);
  });
});
