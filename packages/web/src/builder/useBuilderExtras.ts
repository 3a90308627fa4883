// Loads the Team Stacks and Player Groups data of a slate (spec site §2): groups on opening
// (and on every slate change), team stacks and presets once the players have loaded, cheat
// sheets on opening.
import { useEffect } from 'react';
import type { SlateRef } from '../api/client';
import { useBuilder } from './builderStore';
import { useExtras } from './extrasStore';
import { numTeamsOf, useContent } from './presets/contentStore';
import { slateKey } from './route';

export function useBuilderExtras(ref: SlateRef, loggedIn: boolean): void {
  const key = slateKey(ref);
  const playersLoading = useBuilder((s) => s.players.loading);
  const players = useBuilder((s) => s.players.data);
  const storeKey = useBuilder((s) => s.key);

  useEffect(() => {
    useExtras.getState().open(ref, key, loggedIn);
    void useExtras.getState().fetchGroups();
    useContent.getState().open(ref, key);
    void useContent.getState().fetchCheatSheets();
  }, [key, loggedIn]);

  useEffect(() => {
    if (playersLoading || storeKey !== key || players.length === 0) return;
    void useExtras.getState().fetchTeamStacks(players);
    // Presets once the players are in: site presets by numTeams (not for non-dk showdown), custom presets.
    if (!(ref.contestType === 'showdown' && ref.site !== 'dk')) void useContent.getState().fetchSitePresets(numTeamsOf(players));
    void useContent.getState().fetchCustomPresets();
    // Team stacks follow the players' arrival, not each edit of the table.
  }, [playersLoading, storeKey, key, loggedIn, players.length > 0]);
}
