// A reader's player as the slates store it: the house values beside the
// user's (null until they edit), and showdown Ids as the site wrote them.
import type { PoolPlayer } from '@stacksmith/optimizer';
import type { PlayerData } from './slates.js';

export function storedPlayerRow(p: PoolPlayer): PlayerData {
  // Ids the reader made unique as 'Id|RosterPosition' are stored as the site wrote them.
  const id = p.RosterPosition && p.Id.endsWith(`|${p.RosterPosition}`) ? p.Id.slice(0, -(p.RosterPosition.length + 1)) : p.Id;
  return {
    ...p, Id: id, Positions: p.Position.split('/'), HouseProjPts: p.ProjPts, ProjOwn: p.ProjOwn ?? 0, HouseOwn: p.ProjOwn ?? 0,
    Boost: 0, MinExp: p.MinExp ?? 0, MaxExp: p.MaxExp ?? 100, UserProj: null, UserOwn: null,
  };
}
