// Logs a unit test in or out as the app shell's check would: the stored token, and the session in
// the query cache of the test's client.
import type { QueryClient } from '@tanstack/react-query';
import { clearToken, writeToken } from '../api/token';
import { sessionKey, type Session } from '../auth/session';

export const TEST_TOKEN = 'test-token';

/** A session (logged in, admin or not), or null for a visitor. */
export function setSession(client: QueryClient, session: Session | null): void {
  if (session) writeToken(TEST_TOKEN);
  else clearToken();
  client.setQueryData<Session | null>(sessionKey, session);
}

/** The session of a logged-in user who is not an admin. */
export const USER: Session = { admin: false, name: 'Pat' };
