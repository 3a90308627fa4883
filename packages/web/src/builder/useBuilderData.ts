// The builder page's one fetching observer of the open slate's server state (slateData.ts).
// Failed background fetches are retried after 3000 ms (QueryClient defaults).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UNABLE_TO_FETCH_PLAYERS } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { useBuilder } from './builderStore';
import { slateKey } from './route';
import { flushPendingSaves, playersQuery, refetchPlayers, savedQuery, settingsQuery } from './slateData';

export function useBuilderData(ref: SlateRef, loggedIn: boolean) {
  const key = slateKey(ref);
  const client = useQueryClient();

  useEffect(() => {
    flushPendingSaves();
    useBuilder.getState().open(ref, loggedIn);
    // open() is idempotent per slate and login state.
  }, [key, loggedIn]);

  // The page asks only for what it shows here, so edits and builds do not re-render it (and every tab).
  const players = useQuery({ ...playersQuery(ref, loggedIn), notifyOnChangeProps: ['isFetching', 'isError'] });
  useQuery({ ...settingsQuery(client, ref, loggedIn), notifyOnChangeProps: [] });
  useQuery({ ...savedQuery(ref, loggedIn), notifyOnChangeProps: [] });

  // A failed players fetch is only logged and leaves an empty list.
  useEffect(() => {
    if (players.isError) console.error(UNABLE_TO_FETCH_PLAYERS, players.error);
  }, [players.isError]);

  return {
    refreshPlayers: () => refetchPlayers(client, key),
    refetchingPlayers: players.isFetching,
  };
}
