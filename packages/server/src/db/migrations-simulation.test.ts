import { afterAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DB_KINDS, openTestDb } from '../test-support/harness.js';
import { ensurePlans, planByName } from '../services/plans.js';
import { simulationPermission } from './migrations.js';

describe.each(DB_KINDS)('migration 005_simulation_permission on %s', (kind) => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const drop of drops) await drop(); });

  it('grants opt.nfl.simulation to an Elite plan stored before the key existed, and leaves an edited choice alone', async () => {
    const { db, drop } = await openTestDb(kind);
    drops.push(async () => { await db.close(); await drop(); });
    await ensurePlans(db.kysely);
    const elite = (await planByName(db.kysely, 'Elite'))!;
    expect(elite.permissions['opt.nfl.simulation']).toBe(true);
    const { 'opt.nfl.simulation': _dropped, ...older } = elite.permissions;
    void _dropped;
    await db.kysely.updateTable('plans').set({ permissions: JSON.stringify(older) }).where('name', '=', 'Elite').execute();
    await db.kysely.updateTable('plans').set({ permissions: JSON.stringify({ 'opt.nfl.lineup_limit': 20, 'opt.nfl.simulation': false }) }).where('name', '=', 'Pro').execute();
    await simulationPermission.up(db.kysely as unknown as Kysely<unknown>);
    expect((await planByName(db.kysely, 'Elite'))!.permissions).toEqual({ ...older, 'opt.nfl.simulation': true });
    expect((await planByName(db.kysely, 'Pro'))!.permissions['opt.nfl.simulation']).toBe(false);
    expect((await planByName(db.kysely, 'Free'))!.permissions['opt.nfl.simulation']).toBeUndefined();
  });
});
