// The migrator's first step lists the tables of every schema; another program dropping its own
// schema at that moment fails the listing with invalid_schema_name. The migrations try again.
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrations.js';

/** A database whose first `failures` queries fail as a concurrent schema drop makes them fail. */
function databaseFailingFirst(failures: number): { db: Kysely<unknown>; queries: () => number } {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count += 1;
      if (count <= failures) throw Object.assign(new Error('schema "t_other" does not exist'), { code: '3F000' });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [plugin] });
  return { db, queries: () => count };
}

describe('migrations and a schema dropped elsewhere', () => {
  it('try again when the table listing meets a schema dropped meanwhile, and then migrate', async () => {
    const { db } = databaseFailingFirst(1);
    await migrateToLatest(db, 'sqlite');
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('users');
    await db.destroy();
  });

  it('give up with the error after a few tries', async () => {
    const { db, queries } = databaseFailingFirst(1000);
    await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(/could not start: schema "t_other" does not exist/);
    expect(queries()).toBeGreaterThan(1);
    await db.destroy();
  });

  it('do not try again on another error', async () => {
    let count = 0;
    const plugin: KyselyPlugin = {
      transformQuery(args) {
        count += 1;
        if (count === 1) throw Object.assign(new Error('permission denied'), { code: '42501' });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [plugin] });
    await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(/permission denied/);
    await db.destroy();
  });
});
