// Messages the server answers with where the spec describes a failure without quoting its
// text (the login and signup forms never show the server's own error text). Our wording; the web app shows them as they come.

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_ALREADY_REGISTERED = 'An account with this email already exists';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const MIN_PASSWORD_LENGTH = 8;
export const NOT_LOGGED_IN = 'You must be logged in';
export const INVALID_TOKEN = 'Invalid or expired token';
export const ADMIN_ONLY = 'Only admins can do this';
export const WRONG_PASSWORD = 'The current password is wrong';
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please wait a minute and try again.';
export const UNKNOWN_BRAND = 'Unknown brand';
export const UNKNOWN_PLAN = 'Unknown plan';
export const INVALID_PROMO_CODE = 'Invalid promo code';
export const PARTNER_LOGIN_FAILED = 'Partner login failed';
export const NOT_FOUND = 'Not found';
export const INTERNAL_ERROR = 'Internal server error';
/** Build socket: the message was not JSON or not a build request. */
export const BAD_BUILD_REQUEST = 'Bad build request';
export const BUILD_CANCELLED = 'Build cancelled';

export function lineupLimitWarning(limit: number): string {
  return `Your plan allows ${limit} lineups per build; building ${limit}.`;
}

export const PLAN_ALLOWS_NO_LINEUPS = 'Your plan does not include lineup builds. Upgrade to build lineups.';
export const TOO_MANY_BUILDS = 'A build is already running. Wait for it to finish or cancel it.';
/** A queued build that can no longer finish (its job failed on every worker, or Redis lost it). */
export const BUILD_LOST = 'The build was lost on the build servers. Please build again.';

/** Rate limits (429): sign-ups per address, wrong current passwords per account, other writes without login. */
export const TOO_MANY_SIGN_UPS = 'Too many accounts were created from this address. Please try again later.';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many wrong passwords. Please wait 15 minutes and try again.';
export const TOO_MANY_REQUESTS = 'Too many requests from this address. Please wait a while and try again.';
/** Build socket: no request message within the time allowed after connecting. */
export const BUILD_REQUEST_TIMEOUT = 'No build request arrived in time; the connection was closed.';
/** Build socket: a message larger than the server accepts (close code 1009). */
export const BUILD_REQUEST_TOO_LARGE = 'The build request is too large.';
/** Build socket: the connection dropped before the build finished. */
export const BUILD_CONNECTION_LOST = 'The build connection was lost.';
/** The database is down, restarting or too slow: the request failed with a 503 and may be retried. */
export const DATABASE_UNAVAILABLE = 'The database is not answering. Please try again in a moment.';
/** A save collided with another save of the same key at the same moment (a 409). */
export const SAVE_CONFLICT = 'This was saved by another request at the same moment. Reload and try again.';
/** Request input: text may not contain the NUL character. */
export const TEXT_CONTAINS_NUL = 'Text may not contain the NUL character (\\u0000)';
/** Request input: a date that does not exist (2026-11-31). */
export const NOT_A_CALENDAR_DATE = 'not a calendar date';
export function jsonTooDeep(maxDepth: number): string {
  return `The JSON is nested too deeply (more than ${maxDepth} levels)`;
}
/** Request input: an object key that would break every conversion of the object to text. */
export const RESERVED_JSON_KEY = 'Keys named toString or valueOf are not allowed';
/** Build socket, simulate request (docs/api.md "Simulation on the build socket"). */
export const BAD_SIMULATION_REQUEST = 'Bad simulation request';
/** A simulation of players none of whom has points (a slate with no projections). */
export const SIMULATION_NEEDS_POINTS = 'The players have no projected points, so there is nothing to simulate. Load a slate with projections (or enter your own) and try again.';
/** A simulation of rows without points (withheld from a visitor's or a plan's view, or never projected). */
export function simulationPlayersWithoutPoints(missing: number, total: number, examples: readonly string[]): string {
  const list = `${examples.join(', ')}${missing > examples.length ? ` and ${missing - examples.length} more` : ''}`;
  return `${missing} of the ${total} players have no projected points (${list}): a simulation draws each player's points around his projection. `
    + 'Projections are withheld unless your plan includes them; enter your own (My Proj) for these players, or remove them, and try again.';
}
export const TOO_MANY_UPLOADS = 'Too many file uploads. Please wait a while and try again.';
export const JOBS_BUSY = 'The server is busy with other simulations and files. Please try again in a minute.';
/** A simulation, late swap or file reading stopped at the server's time bound. */
export function jobTookTooLong(seconds: number): string {
  return `The job was stopped after ${seconds} seconds, the longest one may run: ask for fewer simulations or lineups.`;
}
/** A simulation, late swap or file reading stopped at the memory one job thread may use. */
export function jobNeededTooMuchMemory(megabytes: number): string {
  return `The job was stopped: it needed more than the ${megabytes} MB of memory one may use. Send a smaller file, or ask for fewer simulations or lineups.`;
}
/** Billing refusals (the card checks' own texts stay in billing.ts). */
export const CARD_REQUIRED = 'A card is needed for a paid plan';
export const NO_SUBSCRIPTION_TO_CANCEL = 'There is no paid subscription to cancel';
/** Request input: a body that is not JSON at all. */
export const BODY_NOT_JSON = 'The body is not valid JSON';
export const PASSWORD_CHANGED_ELSEWHERE = 'The password was just changed in another session. Log in with the new password.';
/** A simulation's player row with a value no real slate has (ProjPts 1e308, a ceiling of Infinity). */
export function simulationAbsurdValue(player: string, field: string, value: number | string, limit: string): string {
  return `${player}: ${field} ${value} is not a value a simulation can use (${limit}). Correct it and try again.`;
}
/** A simulated lineup the roster would refuse (a player twice, the wrong size, over the cap). */
export function simulationInvalidLineup(label: string, reason: string): string {
  return `${label} is not a valid lineup: ${reason}.`;
}
/** A simulation whose player pool cannot fill the roster under the cap at all. */
export const SIMULATION_NO_VALID_LINEUP = 'No valid lineup can be made from this player pool: the roster cannot be filled under the salary cap, so no field of opponents can be drawn.';
