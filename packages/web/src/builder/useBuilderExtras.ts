// Loads the Team Stacks and Player Groups data of a slate: groups on opening
// (and on every slate change), team stacks and presets once the players have loaded, cheat
// sheets on opening. The presets and cheat sheets are fetched here into the query cache; the
// tabs read them from there.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SlateRef } from '../api/client';
import { usePermission } from '../permissions/usePermissions';
import { useBuilder } from './builderStore';
import { usePlayers, usePlayersStatus } from './slateData';
import { useExtras } from './extrasStore';
import { cheatSheetsQuery, customPresetsQuery, numTeamsOf, sitePresetsQuery, useContent } from './presets/contentStore';
import { slateKey } from './route';

export function useBuilderExtras(ref: SlateRef, loggedIn: boolean): void {
  const key = slateKey(ref);
  const playersLoading = usePlayersStatus().loading;
  const players = usePlayers();
  const storeKey = useBuilder((s) => s.key);
  const presetsAllowed = usePermission('opt.nfl.historical_data');
  const playersIn = !playersLoading && storeKey === key && players.length > 0;

  useEffect(() => {
    useExtras.getState().open(ref, key, loggedIn);
    void useExtras.getState().fetchGroups();
    useContent.getState().open(key);
  }, [key, loggedIn]);

  useEffect(() => {
    if (!playersIn) return;
    void useExtras.getState().fetchTeamStacks(players);
    // Team stacks follow the players' arrival, not each edit of the table.
  }, [playersIn, storeKey, key, loggedIn]);

  // The page asks for the lists only; the tabs that show them re-render when they come.
  useQuery({ ...cheatSheetsQuery(ref), notifyOnChangeProps: [] });
  useQuery({ ...customPresetsQuery(ref), enabled: playersIn, notifyOnChangeProps: [] });
  // Site presets by numTeams once the players are in (not for non-dk showdown). The server serves
  // them only with opt.nfl.historical_data, so without it (visitors) they are not asked for.
  const sitePresetsWanted = presetsAllowed && playersIn && !(ref.contestType === 'showdown' && ref.site !== 'dk');
  useQuery({ ...sitePresetsQuery(ref, numTeamsOf(players)), enabled: sitePresetsWanted, notifyOnChangeProps: [] });
}
