// Game-log rates for the on/off model: per player name, points per minute and usage.
import { gameLogRowSchema } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fromJsonAs } from '../json.js';
import { ratesFromGameLogs, type PlayerRates } from './on-off.js';

export async function gameLogRates(db: Kysely<Database>, sport: string, names: readonly string[], site: string): Promise<Map<string, PlayerRates>> {
  const out = new Map<string, PlayerRates>();
  if (names.length === 0) return out;
  const rows = await db.selectFrom('game_logs').select(['player_name', 'data']).where('sport', '=', sport).where('player_name', 'in', [...new Set(names)]).execute();
  const byName = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    // A game that is not JSON is left out; one of another shape fails here (StoredDataError).
    const log = fromJsonAs(gameLogRowSchema, r.data, null, 'game log');
    if (log) byName.set(r.player_name, [...(byName.get(r.player_name) ?? []), log]);
  }
  for (const [name, logs] of byName) {
    const rates = ratesFromGameLogs(logs, site);
    if (rates) out.set(name, rates);
  }
  return out;
}
