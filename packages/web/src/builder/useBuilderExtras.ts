// Loads the Team Stacks and Player Groups data of a slate: groups on opening
// (and on every slate change), team stacks and presets once the players have loaded, cheat
// sheets on opening.
import { useEffect } from 'react';
import type { SlateRef } from '../api/client';
import { usePermission } from '../permissions/usePermissions';
import { useBuilder } from './builderStore';
import { usePlayers, usePlayersStatus } from './slateData';
import { useExtras } from './extrasStore';
import { numTeamsOf, useContent } from './presets/contentStore';
import { slateKey } from './route';

export function useBuilderExtras(ref: SlateRef, loggedIn: boolean): void {
  const key = slateKey(ref);
  const playersLoading = usePlayersStatus().loading;
  const players = usePlayers();
  const storeKey = useBuilder((s) => s.key);
  const presetsAllowed = usePermission('opt.nfl.historical_data');

  useEffect(() => {
    useExtras.getState().open(ref, key, loggedIn);
    void useExtras.getState().fetchGroups();
    useContent.getState().open(ref, key);
    void useContent.getState().fetchCheatSheets();
  }, [key, loggedIn]);

  useEffect(() => {
    if (playersLoading || storeKey !== key || players.length === 0) return;
    void useExtras.getState().fetchTeamStacks(players);
    void useContent.getState().fetchCustomPresets();
    // Team stacks follow the players' arrival, not each edit of the table.
  }, [playersLoading, storeKey, key, loggedIn, players.length > 0]);

  // Site presets by numTeams once the players are in (not for non-dk showdown). The server serves
  // them only with opt.nfl.historical_data, so without it (visitors) they are not asked for.
  useEffect(() => {
    if (!presetsAllowed || playersLoading || storeKey !== key || players.length === 0) return;
    if (!(ref.contestType === 'showdown' && ref.site !== 'dk')) void useContent.getState().fetchSitePresets(numTeamsOf(players));
  }, [presetsAllowed, playersLoading, storeKey, key, players.length > 0]);
}
