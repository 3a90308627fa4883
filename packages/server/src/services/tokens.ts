// Access tokens: HS256 JWTs (jose) carrying the user id and the user's token version. GET
// /auth refreshes a token whose expiry is near; a token signed for a user who no longer exists,
// or before the user's last password change or reset (an older version), is refused on use.
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface TokenClaims {
  userId: number;
  /** The user's token version when the token was signed (0 for tokens older than versions). */
  version: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlSeconds: number, private readonly refreshWindowSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, tokenVersion: number): Promise<string> {
    return new SignJWT({ ver: tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for a bad, forged or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const version = payload.ver ?? 0;
      if (!Number.isInteger(userId) || typeof payload.exp !== 'number' || !Number.isInteger(version)) return null;
      return { userId, version: version as number, exp: payload.exp };
    } catch {
      return null;
    }
  }

  needsRefresh(claims: TokenClaims, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    return claims.exp - nowSeconds <= this.refreshWindowSeconds;
  }
}

/** The configured secret, or one generated on first start and kept in the database. */
export async function resolveTokenSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const row = await db.selectFrom('server_kv').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
  if (row) return row.value;
  const secret = randomBytes(32).toString('hex');
  await db.insertInto('server_kv').values({ key: 'jwt_secret', value: secret })
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const stored = await db.selectFrom('server_kv').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return stored.value;
}
