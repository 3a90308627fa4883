// Messages the server answers with where the spec describes a failure without quoting its
// text (spec site §8: "The error text from the server for login and signup failures is not
// shown"). Our wording; the web app shows them as they come.

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

/** Build socket, simulate request (docs/api.md "Simulation on the build socket"). */
export const BAD_SIMULATION_REQUEST = 'Bad simulation request';
export const MUST_BE_LOGGED_IN_TO_SIMULATE = 'You must be logged in to simulate contests.';
export const TOO_MANY_SIMULATIONS = 'A simulation is already running. Wait for it to finish or cancel it.';
