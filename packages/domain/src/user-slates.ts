// A user's own slates: a salary file a logged-in user uploads in the builder
// becomes a private slate of theirs. Its builder path names it `my-<id>` in the slate segment,
// so every per-slate call (players, settings, stacks, groups, saved lineups) works unchanged;
// the server answers its players to its owner alone.

export const PRIVATE_SLATE_PREFIX = 'my-';
const PRIVATE_SLATE = /^my-(\d{1,10})$/;
/** Row ids are 32-bit integer columns (PostgreSQL `integer`): a larger id names no slate. */
export const MAX_ROW_ID = 2_147_483_647;

/** The slate segment of a private slate. */
export const privateSlateName = (id: number): string => `${PRIVATE_SLATE_PREFIX}${id}`;

/** The id of a private slate's segment; null for a house slate. */
export function privateSlateId(slate: string): number | null {
  const m = PRIVATE_SLATE.exec(slate);
  const id = m ? Number(m[1]) : null;
  return id !== null && id <= MAX_ROW_ID ? id : null;
}

/** The largest salary file a user may upload (characters). */
export const MAX_USER_SLATE_FILE_CHARS = 3_000_000;
/** Private slates one user may keep; older ones are deleted by the user. */
export const MAX_USER_SLATES = 50;

export const USER_SLATE_NOT_FOUND = 'slate not found';
export const TOO_MANY_USER_SLATES = `You have ${MAX_USER_SLATES} slates of your own: delete one before uploading another.`;

export const SLATE_FILE_IS_PROJECTIONS = 'This is a projection file, not a site salary file: upload the salary file from DraftKings, FanDuel or Yahoo first, then bring projections with "Upload projections".';
