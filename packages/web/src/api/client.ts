// The one typed client of the HTTP API (docs/api.md). Every call goes under /api and carries the
// stored token as a bearer token unless the spec says "no auth".
import {
  ANALYTICS_CALL_FAILED, UNABLE_TO_FETCH_PLAYERS, type AuthCheckReply, type BuildSettings, type BuiltLineup, type ContestType, type GameLogReply, type LoginReply, type PlayerOverride,
  type PlayerRow, type PlayersReply, type Site, type SlateListsReply, type Sport, type SubscriptionReply, type SuccessReply, type UserProjectionsReply,
} from '@stacksmith/domain';
import { readToken } from './token';

export const API_BASE = '/api';
/** The brand / app path segment (docs/api.md: default `main`). */
export const BRAND = 'main';

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  readonly body?: unknown;
  readonly auth?: boolean;
  readonly signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.auth === false ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'error' in data ? String((data as { error: unknown }).error) : response.statusText;
    throw new ApiError(response.status, message || `HTTP ${response.status}`);
  }
  return data as T;
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** A failed call is logged and thrown under its message from the domain's catalogue (messages.ts). */
export function failAs(message: string): (error: unknown) => never {
  return (error) => {
    console.error(message, error);
    throw new Error(message);
  };
}

/** Analytics call failures are logged and give no user message: the caller shows its empty state. */
export function analyticsCall<T>(call: string, promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    console.error(ANALYTICS_CALL_FAILED, call, error);
    throw error;
  });
}

// ---- Auth and account ----
// Reply types are the domain's (packages/domain/src/api-replies.ts): the server declares the same
// schemas as its routes' responses.

export interface SignupPayload {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** The plan answer (the domain's subscription reply). */
export type Subscription = SubscriptionReply;

export const api = {
  login: (email: string, password: string) =>
    request<LoginReply>('POST', '/login', { body: { email, password }, auth: false }),
  signUp: (payload: SignupPayload) => request<LoginReply>('POST', '/sign-up', { body: payload, auth: false }),
  authCheck: (token: string, partnerId?: string) =>
    request<AuthCheckReply>('GET', `/auth/${BRAND}/${seg(token)}${partnerId ? `?id=${seg(partnerId)}` : ''}`),
  sendResetPassword: (email: string) =>
    request<SuccessReply>('POST', '/send-reset-password', { body: { email }, auth: false }),
  resetPassword: (password: string, token: string) =>
    request<SuccessReply>('POST', '/reset-password', { body: { password, token }, auth: false }),
  plan: () => request<Subscription>('GET', '/plan'),
};

// ---- Builder data ----

/** Where a builder page is: everything its calls' paths need. */
export interface SlateRef {
  sport: Sport;
  site: Site;
  contestType: ContestType;
  slate: string;
  season: number;
  /** nfl week (1..22) or, for date sports, the slate date YYYY-MM-DD. */
  counter: string;
}

/**
 * The players reply (the domain's PlayersReply), its rows taken as the player table's rows: the
 * server checks only their Id; what else a row holds is the salary file's and the imports' fields.
 */
export type PlayersResponse = Omit<PlayersReply, 'players'> & { players: PlayerRow[] };

const userDataPath = (kind: string, r: SlateRef) =>
  `/${r.sport}/${kind}/${BRAND}/${r.site}/${seg(r.slate)}/${r.season}/${seg(r.counter)}`;
const settingsPath = (r: SlateRef) => `/${r.sport}/${BRAND}/${r.site}/${seg(r.slate)}/${r.season}/${seg(r.counter)}/user-settings`;

export const builderApi = {
  players: (r: SlateRef, signal?: AbortSignal) =>
    request<PlayersResponse>('GET', `/${r.sport}/players/${r.site}/${r.contestType}/${BRAND}/${seg(r.slate)}/${r.season}/${seg(r.counter)}`, { signal }),
  /** The user's overrides keyed by player Id. */
  userProjections: (r: SlateRef) => request<UserProjectionsReply>('GET', userDataPath('user-projections', r)),
  saveUserProjections: (r: SlateRef, rows: PlayerOverride[]) =>
    request<unknown>('POST', `${userDataPath('user-projections', r)}/${Date.now()}`, { body: rows }),
  deleteUserProjections: (r: SlateRef) => request<unknown>('DELETE', userDataPath('user-projections', r)),
  slates: (r: Pick<SlateRef, 'sport' | 'site' | 'season' | 'counter'>) =>
    request<SlateListsReply>('GET', `/${r.sport}/${BRAND}/slates/${r.site}/${r.season}/${seg(r.counter)}`)
      // 'unable to fetch players' is the spec's message for slates too.
      .catch(failAs(UNABLE_TO_FETCH_PLAYERS)),
  siteSettings: (sport: Sport, site: Site) =>
    request<Partial<Record<ContestType, Partial<BuildSettings>>>>('GET', `/${sport}/site-settings/${site}`),
  /** The stored settings themselves ({} when none). */
  userSettings: (r: SlateRef) => request<Partial<BuildSettings>>('GET', settingsPath(r)),
  saveUserSettings: (r: SlateRef, settings: Partial<BuildSettings>) =>
    request<unknown>('POST', settingsPath(r), { body: { settings } }),
  savedLineups: (r: SlateRef) => request<{ lineups: BuiltLineup[] }>('GET', userDataPath('save-lineups', r)),
  saveLineups: (r: SlateRef, lineups: BuiltLineup[]) =>
    request<{ success?: boolean }>('POST', userDataPath('save-lineups', r), { body: { lineups } }),
  /** Fired before the build socket opens; its answer is ignored (it only wakes the server). */
  builtLineups: (r: SlateRef, numLUs: number) =>
    request<unknown>('POST', `/${r.sport}/built-lineups/${BRAND}/${r.site}/${seg(r.slate)}/${seg(r.counter)}/${r.season}/${numLUs}`, { body: {} }),
};

export const analysisApi = {
  /** No auth: visitors see game logs too. */
  /** With `before`, only the games played before that slate (its week of its season, or its date). */
  playerStats: (sport: Sport, name: string, position: string, before?: { season: number; counter: string }) =>
    analyticsCall('player stats', request<GameLogReply>('GET', `/${sport}/analysis/player/${seg(name)}/${seg(position)}/stats${
      before ? `?${new URLSearchParams({ season: String(before.season), before: before.counter }).toString()}` : ''}`, { auth: false }))
      .then((answer) => answer.stats),
};

/** The user-projections answer (overrides keyed by player Id) as overrides by Id. */
export function overridesById(answer: UserProjectionsReply): Map<string, PlayerOverride> {
  return new Map(Object.entries(answer).map(([id, row]) => [id, { ...row, Id: id }]));
}
