// Plans and their permissions (keys from packages/domain). The catalogue is data in the plans
// table; ensurePlans() writes the shipped plans on start without touching edited ones.
import { PERMISSION_KEYS, planPermissionsSchema, type PermissionKey } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { fromJsonAs, toJson } from './json.js';

export type PlanPermissions = Partial<Record<PermissionKey, boolean | number>>;

export interface PlanDefinition {
  name: string;
  price: number;
  yearlyPrice: number;
  permissions: PlanPermissions;
}

const all = (lineupLimit: number): PlanPermissions =>
  Object.fromEntries(PERMISSION_KEYS.map((key) => [key, key === 'opt.nfl.lineup_limit' ? lineupLimit : true]));

/** The plan a new account gets. */
export const FREE_PLAN = 'Free';

export const SHIPPED_PLANS: readonly PlanDefinition[] = [
  { name: FREE_PLAN, price: 0, yearlyPrice: 0, permissions: { 'opt.nfl.lineup_limit': 3 } },
  {
    name: 'Pro', price: 19.99, yearlyPrice: 199,
    permissions: {
      'opt.nfl.lineup_limit': 20, 'opt.nfl.projections': true, 'opt.nfl.ownership': true, 'analytics.nfl.post_build': true,
    },
  },
  { name: 'Elite', price: 39.99, yearlyPrice: 399, permissions: all(150) },
];

export async function ensurePlans(db: Kysely<Database>): Promise<void> {
  for (const plan of SHIPPED_PLANS) {
    await db.insertInto('plans')
      .values({ name: plan.name, price: plan.price, yearly_price: plan.yearlyPrice, permissions: toJson(plan.permissions) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}

/** A plan's stored permissions, checked as they are read: a damaged value fails here, never grants anything. */
const readPermissions = (text: string): PlanPermissions => fromJsonAs(planPermissionsSchema, text, {}, 'plan permissions') as PlanPermissions;

export async function planByName(db: Kysely<Database>, name: string) {
  const row = await db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? { ...row, permissions: readPermissions(row.permissions) } : undefined;
}

export async function planById(db: Kysely<Database>, id: number | null) {
  if (id === null) return undefined;
  const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, permissions: readPermissions(row.permissions) } : undefined;
}

/** The plan catalogue as the /plans call answers it, cheapest first (shipped order among equals). */
export async function planCatalogue(db: Kysely<Database>) {
  const rows = await db.selectFrom('plans').selectAll().orderBy('price').execute();
  const order = SHIPPED_PLANS.map((p) => p.name);
  return rows.map((row) => {
    const permissions = readPermissions(row.permissions);
    const limit = permissions['opt.nfl.lineup_limit'];
    return { name: row.name, price: row.price, yearly_price: row.yearly_price, permissions, lineup_limit: typeof limit === 'number' ? limit : 0 };
  }).sort((a, b) => a.price - b.price || order.indexOf(a.name) - order.indexOf(b.name));
}
