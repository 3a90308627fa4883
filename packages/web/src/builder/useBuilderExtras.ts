// Loads the Team Stacks and Player Groups data of a slate into the query cache: groups on
// opening (and on every slate change), team stacks and presets once the players have loaded,
// cheat sheets on opening. The tabs read them from there.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlateRef } from '../api/client';
import { usePermission } from '../permissions/usePermissions';
import { useBuilder } from './builderStore';
import { playersQuery } from './slateData';
import { groupsQuery, teamStacksQuery } from './extrasData';
import { useExtras } from './extrasStore';
import { cheatSheetsQuery, customPresetsQuery, numTeamsOf, sitePresetsQuery, useContent } from './presets/contentStore';
import { slateKey } from './route';

export function useBuilderExtras(ref: SlateRef, loggedIn: boolean): void {
  const key = slateKey(ref);
  const storeKey = useBuilder((s) => s.key);
  const presetsAllowed = usePermission('opt.nfl.historical_data');
  // What the page needs of the players, selected so that table edits do not re-render it.
  const pool = useQuery({
    ...playersQuery(ref, loggedIn), enabled: false,
    select: (players) => ({ any: players.rows.length > 0, numTeams: numTeamsOf(players.rows) }),
  }).data;
  const playersIn = storeKey === key && pool?.any === true;

  const client = useQueryClient();

  useEffect(() => {
    useExtras.getState().open(key);
    useContent.getState().open(key);
  }, [key]);

  // The page asks for the data only; the tabs that show it re-render when it comes.
  useQuery({ ...groupsQuery(ref, loggedIn), notifyOnChangeProps: [] });
  // Team stacks follow the players' arrival, not each edit of the table.
  useQuery({ ...teamStacksQuery(client, ref, loggedIn), enabled: playersIn, notifyOnChangeProps: [] });
  useQuery({ ...cheatSheetsQuery(ref), notifyOnChangeProps: [] });
  useQuery({ ...customPresetsQuery(ref), enabled: playersIn, notifyOnChangeProps: [] });
  // Site presets by numTeams once the players are in (not for non-dk showdown). The server serves
  // them only with opt.nfl.historical_data, so without it (visitors) they are not asked for.
  const sitePresetsWanted = presetsAllowed && playersIn && !(ref.contestType === 'showdown' && ref.site !== 'dk');
  useQuery({ ...sitePresetsQuery(ref, pool?.numTeams ?? null), enabled: sitePresetsWanted, notifyOnChangeProps: [] });
}
