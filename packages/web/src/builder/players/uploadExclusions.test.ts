import { describe, expect, it } from 'vitest';
import type { PlayerRow } from '@stacksmith/domain';
import { excludeUnlisted, restoreExcluded } from './uploadExclusions';

const row = (Id: string, extra: Partial<PlayerRow> = {}) => ({ Id, Name: `P ${Id}`, Position: 'WR', TeamAbbrev: 'KC', Salary: 5000, ...extra }) as PlayerRow;

describe('players a projections file did not list', () => {
  it('are excluded (Max Exp 0), the listed ones untouched, and come back at their Max Exp before', () => {
    const rows = [row('1'), row('2', { MaxExp: 40 }), row('3', { MaxExp: 0 }), row('4', { MaxExp: 70 })];
    const { rows: after, excluded } = excludeUnlisted(rows, new Set(['4']));
    expect(after.map((r) => r.MaxExp)).toEqual([0, 0, 0, 70]);
    // Player 3 was out already: nothing to bring back.
    expect(excluded).toEqual([{ Id: '1', Name: 'P 1' }, { Id: '2', Name: 'P 2', MaxExp: 40 }]);
    const back = restoreExcluded(after, excluded, 100);
    expect(back.map((r) => r.MaxExp)).toEqual([100, 40, 0, 70]);
  });

  it('leaves a player the user set again since the upload as he is', () => {
    const { rows: after, excluded } = excludeUnlisted([row('1')], new Set());
    const edited = [{ ...after[0]!, MaxExp: 25 }];
    expect(restoreExcluded(edited, excluded, 100)[0]!.MaxExp).toBe(25);
  });
});
