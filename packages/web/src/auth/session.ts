// Who is logged in is server state: the session (the token check's answer: admin and name) lives
// in the query cache under sessionKey, fetched once per page load by the app shell (useCheckSession)
// and written by the login, sign-up and logout mutations. The token itself is kept in browser
// storage (api/token.ts): it is what the browser remembers between loads, not a server answer.
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UNABLE_TO_LOGIN, type LoginReply } from '@stacksmith/domain';
import { api, type SignupPayload } from '../api/client';
import { clearToken, readToken, writeToken } from '../api/token';

/** The logged-in user as the server knows them; null once logged out or the token was refused. */
export interface Session {
  admin: boolean;
  name: string;
}

/** What pages read: logged in, admin, and the first name shown in the top bar. */
export interface AuthView {
  loggedin: boolean;
  admin: boolean;
  name: string;
}

export const sessionKey = ['session'] as const;

/** Caches the session; kept for the whole visit (nothing refetches it: the writes below are the only changes). */
function writeSession(client: QueryClient, session: Session | null | ((s: Session | null | undefined) => Session | null | undefined)): void {
  client.setQueryDefaults(sessionKey, { gcTime: Infinity, staleTime: Infinity });
  client.setQueryData<Session | null>(sessionKey, session);
}

/**
 * Before the shell's check has answered, a stored token counts as logged in (the page renders
 * the user's view at once; a refused token logs out when the answer comes).
 */
function viewOf(session: Session | null | undefined): AuthView {
  if (session === undefined) return { loggedin: readToken() !== null, admin: false, name: '' };
  return session === null ? { loggedin: false, admin: false, name: '' } : { loggedin: true, ...session };
}

/** The session as cached; pages only read it (the shell's check fetches it). */
function useSession(): Session | null | undefined {
  return useQuery<Session | null>({ queryKey: sessionKey, queryFn: skipToken, staleTime: Infinity }).data;
}

/** The logged-in user, or one field of it. */
export function useAuth(): AuthView;
export function useAuth<T>(select: (auth: AuthView) => T): T;
export function useAuth<T>(select?: (auth: AuthView) => T): AuthView | T {
  const view = viewOf(useSession());
  return select ? select(view) : view;
}

/**
 * The token check: the stored token, or a partner token and user id from the URL. A token the
 * server no longer takes is useless, so a check that fails (refused or not answered) logs out.
 */
export async function checkSession(partner?: { token: string; id: string }): Promise<Session | null> {
  const token = partner?.token ?? readToken();
  if (!token) {
    clearToken();
    return null;
  }
  try {
    const answer = await api.authCheck(token, partner?.id);
    if (!answer.success) throw new Error('token refused');
    if (answer.new_token) writeToken(answer.new_token);
    else if (partner) writeToken(token);
    return { admin: answer.admin, name: answer.name };
  } catch {
    clearToken();
    return null;
  }
}

/** The shell's check on load: asks the server and caches the answer as the session. */
export function useCheckSession(): (partner?: { token: string; id: string }) => Promise<void> {
  const client = useQueryClient();
  return async (partner) => {
    const session = await checkSession(partner);
    writeSession(client, session);
  };
}

/** A refused login or sign-up: the server's reason (none when it gave none). */
class Refused extends Error {}

/** A login or sign-up call: a refusal answers 200 with success false; anything else thrown is a network or server failure. */
async function accountCall(fn: () => Promise<LoginReply>): Promise<{ token: string; name: string }> {
  let answer: LoginReply;
  try {
    answer = await fn();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status && status < 500 && (error as Error).message) throw new Refused((error as Error).message);
    throw new Error(UNABLE_TO_LOGIN);
  }
  if (!answer.success || !answer.access_token) throw new Refused(answer.error ?? '');
  return { token: answer.access_token, name: answer.first_name ?? '' };
}

/** Logged in with `token`: stored, and the session cached without asking the server again. */
function receive(client: QueryClient, answer: { token: string; name: string }): void {
  writeToken(answer.token);
  writeSession(client, { admin: false, name: answer.name });
}

/**
 * The login answer does not say whether the account is an admin: ask, so that an admin sees the
 * admin features right after logging in, not only after the next page load.
 */
async function learnAdmin(client: QueryClient): Promise<void> {
  const token = readToken();
  if (!token) return;
  const answer = await api.authCheck(token).catch(() => null);
  if (answer?.success) writeSession(client, (s) => (s ? { ...s, admin: answer.admin } : s));
}

/** A login or sign-up form's state: run it (true once logged in), pending, and the message of a failure. */
export interface AccountForm<Vars> {
  run: (vars: Vars) => Promise<boolean>;
  loading: boolean;
  failed: boolean;
  /** The refusal's reason or the failure's message; null when the server gave no reason. */
  errorMessage: string | null;
}

function formOf<Vars>(mutation: { mutateAsync: (vars: Vars) => Promise<unknown>; isPending: boolean; isError: boolean; error: Error | null }): AccountForm<Vars> {
  const error = mutation.error;
  return {
    run: (vars) => mutation.mutateAsync(vars).then(() => true, () => false),
    loading: mutation.isPending,
    failed: mutation.isError,
    errorMessage: error ? (error instanceof Refused ? error.message || null : error.message || UNABLE_TO_LOGIN) : null,
  };
}

export function useLogin(): AccountForm<{ email: string; password: string }> {
  const client = useQueryClient();
  return formOf(useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => accountCall(() => api.login(email, password)),
    onSuccess: async (answer) => {
      receive(client, answer);
      await learnAdmin(client);
    },
  }));
}

export function useSignUp(): AccountForm<SignupPayload> {
  const client = useQueryClient();
  return formOf(useMutation({
    mutationFn: (payload: SignupPayload) => accountCall(() => api.signUp(payload)),
    onSuccess: (answer) => receive(client, answer),
  }));
}

/** Logs out: the token is dropped and the session cached as none. */
export function useLogout(): () => void {
  const client = useQueryClient();
  return () => {
    clearToken();
    writeSession(client, null);
  };
}
