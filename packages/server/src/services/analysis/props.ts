// Props: the stored odds plus projOwn and salary derived from the
// week's DraftKings classic slates, Main first, where the player is on one (null otherwise).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { slatePlayers } from '../slates.js';

export interface PropRow {
  market: string;
  Name: string;
  Team: string;
  Position: string;
  oddsAmerican: number;
  projOwn: number | null;
  salary: number | null;
}

export async function propsWithSlate(db: Kysely<Database>, sport: string, season: number, week: number): Promise<PropRow[]> {
  const rows = await db.selectFrom('props').selectAll().where('sport', '=', sport).where('season', '=', season).where('week', '=', week)
    .orderBy('market').orderBy('odds_american').orderBy('name').execute();
  const slates = await db.selectFrom('slates').select(['id', 'name']).where('sport', '=', sport).where('site', '=', 'dk')
    .where('contest_type', '=', 'classic').where('season', '=', season).where('counter', '=', String(week)).orderBy('id').execute();
  const ordered = [...slates.filter((s) => s.name === 'Main'), ...slates.filter((s) => s.name !== 'Main')];
  const byName = new Map<string, Record<string, unknown>>();
  for (const slate of ordered) {
    for (const p of await slatePlayers(db, slate.id)) {
      const key = `${String(p.Name)}|${String(p.TeamAbbrev)}`;
      if (!byName.has(key)) byName.set(key, p);
    }
  }
  return rows.map((r) => {
    const player = byName.get(`${r.name}|${r.team}`);
    return {
      market: r.market, Name: r.name, Team: r.team, Position: r.position, oddsAmerican: r.odds_american,
      projOwn: player && player.ProjOwn !== undefined ? Number(player.ProjOwn) : null,
      salary: player && player.Salary !== undefined ? Number(player.Salary) : null,
    };
  });
}
