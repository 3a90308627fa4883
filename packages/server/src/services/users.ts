// Accounts: sign-up, login, the token check with refresh, the partner login check, password
// change and reset. Routes stay thin; every rule about accounts lives here.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { coded, type CodedMessage, type LoginReply } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { BrandConfig } from '../config.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { badRequest, errorBody, HttpError, notFound, unauthorized } from '../http-errors.js';
import type { MailTransport } from './mail.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { FREE_PLAN, planById, planByName, type PlanPermissions } from './plans.js';
import type { TokenService } from './tokens.js';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  admin: boolean;
  permissions: PlanPermissions;
  planName: string | null;
  /** Tokens signed with another version (before a password change or reset) are refused. */
  tokenVersion: number;
}

/**
 * A refused login or sign-up in the spec's shape: still a 200 with success false and the text in
 * `error`, and beside it the code and params every other refusal carries, so a client can tell
 * the refusals apart without reading the text.
 */
function refusedLogin(message: CodedMessage): LoginReply {
  return { success: false, access_token: null, first_name: null, ...errorBody(message) };
}

/** Password-reset links are valid for one hour and used once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly mail: MailTransport,
    private readonly options: { brands: Record<string, BrandConfig>; publicUrl: string },
  ) {}

  async userById(id: number): Promise<AuthUser | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const plan = await planById(this.db, row.plan_id);
    return {
      id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, admin: row.admin === 1,
      permissions: plan?.permissions ?? {}, planName: plan?.name ?? null, tokenVersion: row.token_version,
    };
  }

  /** The user a bearer token names, or null when it is bad, expired or older than the last password change. */
  async userForToken(token: string): Promise<AuthUser | null> {
    return (await this.verifiedToken(token))?.user ?? null;
  }

  private async verifiedToken(token: string) {
    const claims = await this.tokens.verify(token);
    const user = claims ? await this.userById(claims.userId) : null;
    return claims && user && user.tokenVersion === claims.version ? { claims, user } : null;
  }


  async signUp(input: { email: string; password: string; first_name: string; last_name: string }): Promise<LoginReply> {
    const email = normalizeEmail(input.email);
    const existing = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return refusedLogin(coded('email-already-registered', {}));
    const { hash, salt } = await hashPassword(input.password);
    const free = await planByName(this.db, FREE_PLAN);
    // The check above does not hold off a sign-up racing this one; the unique email key does.
    const inserted = await this.db.insertInto('users').values({
      email, password_hash: hash, password_salt: salt, first_name: input.first_name.trim(), last_name: input.last_name.trim(),
      admin: 0, plan_id: free?.id ?? null, partner_brand: null, partner_user_id: null, created_at: new Date().toISOString(),
    }).returning(['id', 'token_version']).executeTakeFirstOrThrow().catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
    if (!inserted) return refusedLogin(coded('email-already-registered', {}));
    return { success: true, access_token: await this.tokens.sign(inserted.id, inserted.token_version), first_name: input.first_name.trim(), error: null };
  }

  async login(input: { email: string; password: string }): Promise<LoginReply> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(input.email)).executeTakeFirst();
    const ok = row ? await verifyPassword(input.password, row.password_hash, row.password_salt) : false;
    if (!row || !ok) return refusedLogin(coded('invalid-credentials', {}));
    return { success: true, access_token: await this.tokens.sign(row.id, row.token_version), first_name: row.first_name, error: null };
  }

  /**
   * GET /auth/{app}/{token}: the token's user, with a fresh token when the old one nears expiry.
   * A token from before the last password change or reset is refused, never refreshed.
   */
  async check(brand: string, token: string) {
    if (!this.options.brands[brand]) throw notFound(coded('unknown-brand', {}));
    const verified = await this.verifiedToken(token);
    if (!verified) throw unauthorized(coded('invalid-token', {}));
    const { claims, user } = verified;
    const newToken = this.tokens.needsRefresh(claims) ? await this.tokens.sign(user.id, user.tokenVersion) : token;
    return { success: true, new_token: newToken, admin: user.admin, name: user.firstName };
  }

  /**
   * The partner login check: the partner signs its user id with the shared secret
   * (hex HMAC-SHA256 of `${brand}:${userId}`); a local account is found or created for it.
   */
  async partnerCheck(brand: string, token: string, partnerUserId: string) {
    const config = this.options.brands[brand];
    if (!config) throw notFound(coded('unknown-brand', {}));
    if (!config.partnerSecret || !verifyPartnerToken(config.partnerSecret, brand, partnerUserId, token)) {
      throw unauthorized(coded('partner-login-failed', {}));
    }
    let row = await this.db.selectFrom('users').select(['id', 'first_name', 'token_version'])
      .where('partner_brand', '=', brand).where('partner_user_id', '=', partnerUserId).executeTakeFirst();
    if (!row) {
      const { hash, salt } = await hashPassword(randomBytes(24).toString('hex'));
      const free = await planByName(this.db, FREE_PLAN);
      row = await this.db.insertInto('users').values({
        email: `${partnerUserId}@${brand}.partner`, password_hash: hash, password_salt: salt, first_name: partnerUserId,
        last_name: '', admin: 0, plan_id: free?.id ?? null, partner_brand: brand, partner_user_id: partnerUserId,
        created_at: new Date().toISOString(),
      }).returning(['id', 'first_name', 'token_version']).executeTakeFirstOrThrow().catch(async (error: unknown) => {
        // A first login racing this one made the account: use it.
        if (!isUniqueViolation(error)) throw error;
        return this.db.selectFrom('users').select(['id', 'first_name', 'token_version'])
          .where('partner_brand', '=', brand).where('partner_user_id', '=', partnerUserId).executeTakeFirstOrThrow();
      });
    }
    return { success: true, new_token: await this.tokens.sign(row.id, row.token_version), admin: false, name: row.first_name };
  }

  /** True when `password` is the user's current one. */
  async passwordMatches(userId: number, password: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select(['password_hash', 'password_salt']).where('id', '=', userId).executeTakeFirstOrThrow();
    return verifyPassword(password, row.password_hash, row.password_salt);
  }

  /** Changes the password given the current one (POST /update-password checks it first, to count wrong ones). */
  async updatePassword(userId: number, password: string, newPassword: string, tokenVersion?: number) {
    if (!(await this.passwordMatches(userId, password))) throw badRequest(coded('wrong-password', {}));
    return this.changePassword(userId, newPassword, tokenVersion);
  }

  /**
   * Sets a new password and ends every other session: the token version goes up, so tokens
   * issued before are refused; the caller gets a fresh token to stay logged in. Given the
   * session's token version, the change holds only while it is still current: of two sessions
   * changing the password at once exactly one wins, the other gets 409 (without this both got
   * 200 and one of the two new passwords did not work).
   */
  async changePassword(userId: number, newPassword: string, tokenVersion?: number) {
    const { hash, salt } = await hashPassword(newPassword);
    let update = this.db.updateTable('users')
      .set((eb) => ({ password_hash: hash, password_salt: salt, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId);
    if (tokenVersion !== undefined) update = update.where('token_version', '=', tokenVersion);
    const row = await update.returning('token_version').executeTakeFirst();
    if (!row) throw new HttpError(409, coded('password-changed-elsewhere', {}));
    return { success: true, access_token: await this.tokens.sign(userId, row.token_version) };
  }

  /** Mails a single-use reset link valid for one hour. Unknown addresses get the same answer. */
  async sendResetPassword(email: string) {
    const row = await this.db.selectFrom('users').select(['id', 'email']).where('email', '=', normalizeEmail(email)).executeTakeFirst();
    if (row) {
      const token = randomBytes(32).toString('hex');
      await this.db.insertInto('password_resets').values({
        token_hash: sha256(token), user_id: row.id, expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(), used_at: null,
      }).execute();
      const link = `${this.options.publicUrl}/reset-password?token=${token}`;
      await this.mail.send({
        to: row.email,
        subject: 'Reset your Stacksmith password',
        text: `Follow this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for it, ignore this mail.`,
      });
    }
    return { success: true };
  }

  async resetPassword(token: string, password: string) {
    const row = await this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.used_at !== null || Date.parse(row.expires_at) < Date.now()) throw badRequest(coded('reset-link-expired', {}));
    const { hash, salt } = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('password_resets').set({ used_at: new Date().toISOString() })
        .where('token_hash', '=', row.token_hash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw badRequest(coded('reset-link-expired', {}));
      // Every session of the account ends: tokens issued before the reset are refused.
      await trx.updateTable('users')
        .set((eb) => ({ password_hash: hash, password_salt: salt, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', row.user_id).execute();
    });
    return { success: true };
  }

  setAdmin(email: string, admin: boolean): Promise<boolean> {
    return setAdmin(this.db, email, admin);
  }
}

/** Sets or clears the admin flag; false when no account has the email. */
export async function setAdmin(db: Kysely<Database>, email: string, admin: boolean): Promise<boolean> {
  const result = await db.updateTable('users').set({ admin: admin ? 1 : 0 }).where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function partnerToken(secret: string, brand: string, partnerUserId: string): string {
  return createHmac('sha256', secret).update(`${brand}:${partnerUserId}`).digest('hex');
}

function verifyPartnerToken(secret: string, brand: string, partnerUserId: string, token: string): boolean {
  const expected = Buffer.from(partnerToken(secret, brand, partnerUserId), 'hex');
  const given = Buffer.from(token, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
