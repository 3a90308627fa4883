// Opens a slate in the builder for a unit test with its server state already answered: what the
// builder page's fetches would have put in the query cache.
import type { QueryClient } from '@tanstack/react-query';
import { resolveSettings, type BuildSettings, type BuiltLineup, type PlayerRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { useBuilder } from '../builder/builderStore';
import { playersQuery, savedQuery, settingsQuery, type SlatePlayers } from '../builder/slateData';

export { testQueryClient, withClient } from './queryClient';

export interface SlateAnswers {
  loggedIn?: boolean;
  players?: PlayerRow[] | SlatePlayers;
  /** The stored settings over the defaults (as the settings fetch resolves them). */
  settings?: Partial<BuildSettings>;
  saved?: BuiltLineup[];
}

export function openSlate(client: QueryClient, ref: SlateRef, answers: SlateAnswers = {}): void {
  const loggedIn = answers.loggedIn ?? false;
  useBuilder.setState({ key: '', ref: null });
  useBuilder.getState().open(ref, loggedIn);
  if (answers.players) {
    const players = Array.isArray(answers.players)
      ? { rows: answers.players, updatedAt: null, maxSalary: null, seasonAverages: false }
      : answers.players;
    client.setQueryData(playersQuery(ref, loggedIn).queryKey, players);
  }
  if (answers.settings) client.setQueryData(settingsQuery(client, ref, loggedIn).queryKey, resolveSettings(ref.sport, ref.site, ref.contestType, answers.settings));
  if (answers.saved) client.setQueryData(savedQuery(ref, loggedIn).queryKey, answers.saved);
}

/** The open slate's rows as the cache holds them. */
export function playersIn(client: QueryClient): PlayerRow[] {
  const { ref, loggedIn } = useBuilder.getState();
  return client.getQueryData(playersQuery(ref, loggedIn).queryKey)?.rows ?? [];
}

/** The open slate's settings as the cache holds them. */
export function settingsIn(client: QueryClient): BuildSettings | undefined {
  const { ref, loggedIn } = useBuilder.getState();
  return client.getQueryData(settingsQuery(client, ref, loggedIn).queryKey);
}
