import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { PlayerRow } from './player-edits.js';
import { PLAYER_STATUSES } from './player-status.js';
import { playerForSend } from './send.js';
import { poolPlayerSchema, readStoredPlayer, readStoredPlayers, StoredPlayerError, wirePlayerSchema } from './player.js';

describe('the player schemas', () => {
  it('reads a sent row with numbers as text and empty cells, and keeps its other fields', () => {
    const row = wirePlayerSchema.parse({ Id: 123, Name: 'Patrick Mahomes', Position: 'QB', Salary: '7800', ProjPts: '', UserProj: null, Lock: true });
    expect(row).toMatchObject({ Id: '123', TeamAbbrev: '', Salary: 7800, ProjPts: '', UserProj: null, Lock: true });
  });

  it('refuses a pool row without an id or with a status the sites do not use', () => {
    const good = { Id: '1', Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Salary: 5000, ProjPts: 20 };
    expect(poolPlayerSchema.safeParse(good).success).toBe(true);
    expect(poolPlayerSchema.safeParse({ ...good, Id: '' }).success).toBe(false);
    expect(poolPlayerSchema.safeParse({ ...good, Status: 'Sleepy' }).success).toBe(false);
  });

  it('checks stored rows on read: an Id is required, text that is not JSON reads as the fallback', () => {
    expect(readStoredPlayer('{"Id":42,"Name":"B"}', { Id: '' })).toEqual({ Id: '42', Name: 'B' });
    expect(readStoredPlayer('not json', { Id: 'x' })).toEqual({ Id: 'x' });
    expect(() => readStoredPlayer('{"Name":"no id"}', { Id: '' })).toThrow(StoredPlayerError);
    expect(readStoredPlayers('[{"Id":"1"},{"Id":2}]').map((p) => p.Id)).toEqual(['1', '2']);
    expect(() => readStoredPlayers('[{"Id":"1"},{}]')).toThrow(/1\.Id/);
    const error = (() => { try { readStoredPlayers('[{"Id":"1"},{}]'); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(StoredPlayerError);
    expect((error as StoredPlayerError).coded).toEqual({ code: 'stored-player-invalid', params: { issues: [expect.stringMatching(/^1\.Id: /)] } });
    expect(readStoredPlayers(null)).toEqual([]);
  });
});

describe('what the web client sends is what the server reads', () => {
  // The builder's rows go out through playerForSend; the build socket reads them with
  // wirePlayerSchema. The type check below fails to compile if the two drift apart.
  type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
  const asSent = (row: PlayerRow): Named<z.input<typeof wirePlayerSchema>> => playerForSend(row);

  it('accepts every row the builder sends, keeping its id and salary', () => {
    const row = fc.record({
      Id: fc.stringMatching(/^[0-9]{3,9}$/), Name: fc.string(), Position: fc.constantFrom('QB', 'RB', 'WR', 'TE', 'DST', 'RB/WR'),
      TeamAbbrev: fc.constantFrom('KC', 'SD', 'BUF', ''), Opp: fc.constantFrom('LV', 'DEN', ''),
      Salary: fc.integer({ min: 0, max: 20_000 }), ProjPts: fc.double({ min: 0, max: 80, noNaN: true }),
      ProjOwn: fc.double({ min: 0, max: 100, noNaN: true }), MinExp: fc.integer({ min: 0, max: 100 }), MaxExp: fc.integer({ min: 0, max: 100 }),
      UserProj: fc.option(fc.double({ min: 0, max: 80, noNaN: true })), Status: fc.option(fc.constantFrom(...PLAYER_STATUSES)),
    });
    fc.assert(fc.property(row, (r) => {
      const parsed = wirePlayerSchema.safeParse(asSent(r as PlayerRow));
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data!.Id).toBe(r.Id);
      expect(parsed.data!.Salary).toBe(r.Salary);
    }));
  });
});
