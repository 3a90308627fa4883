// Plans, cards and subscriptions: the constants, checks and messages shared by the server's
// payment provider and the web app's card form (one place, so the plan a user pays for is the plan the server enforces).
import { coded, renderMessage, type CodedMessage } from './messages.js';
import { PERMISSIONS, type PermissionKey } from './permissions.js';

/** Days a first paid subscription runs before its first charge. */
export const TRIAL_DAYS = 7;

/** A price after a promo's percentage off, to the cent. */
export function priceAfterPromo(price: number, percentOff: number | null | undefined): number {
  return Math.round(price * (100 - (percentOff ?? 0))) / 100;
}

/** What the checkout says before payment about the first paid plan's trial. */
export function trialNotice(price: string, period: string): string {
  return `Your first paid plan starts with a ${TRIAL_DAYS}-day free trial: your card is checked now and first charged ${price} / ${period} when the trial ends. Cancel before then and you pay nothing.`;
}

export const CARD_NUMBER_INVALID = 'The card number is not valid';
export const CARD_EXPIRED = 'The card has expired';
export const CARD_EXPIRY_INVALID = 'The expiry date is not valid';
export const LOCAL_PROVIDER_NOTICE = 'Payments run on the local test provider: cards are checked, never charged.';

/** Short names of what each permission unlocks, for the 403 messages and the plans page. */
export const PERMISSION_LABELS: Readonly<Record<PermissionKey, string>> = {
  'analytics.nfl.post_build': 'post-build analysis',
  'analytics.nfl.historical': 'historical lineup comparison',
  'analytics.nfl.pre_build': 'pre-build analysis',
  'opt.nfl.projections': 'projections',
  'opt.nfl.ownership': 'projected ownership',
  'opt.nfl.historical_data': 'presets from past winners',
  'opt.nfl.after_start': 'after-start lineups',
  'opt.nfl.lineup_limit': 'lineup builds',
  'opt.nfl.simulation': 'contest simulation',
};

/** The 403 answer for a call the plan does not include. */
export function featureNotInPlan(key: PermissionKey): string {
  return renderMessage(featureNotInPlanError(key));
}

/** The refusal of a feature the plan does not include, coded. */
export function featureNotInPlanError(key: PermissionKey): CodedMessage {
  return coded('feature-not-in-plan', { feature: PERMISSION_LABELS[key] });
}

/** The 403 answer for a build request over the plan's lineup limit. */
export function overLineupLimit(requested: number, limit: number): string {
  return renderMessage(coded('over-lineup-limit', { requested, limit }));
}

export const PERMISSION_KEYS_IN_ORDER: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Diners Club' | 'JCB' | 'Unknown';

/** Only the digits of a card number as typed (spaces and dashes allowed). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check of a card number of 12 to 19 digits. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's issuer prefix. */
export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
  if (/^3(0[0-5]|[689])/.test(d)) return 'Diners Club';
  if (/^35/.test(d)) return 'JCB';
  return 'Unknown';
}

/**
 * Checks an expiry month and year (two- or four-digit year): null when the card is still
 * valid at `now` (a card is valid through the last day of its month), otherwise the message.
 */
export function expiryProblem(month: number, year: number, now: Date = new Date()): string | null {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) return CARD_EXPIRY_INVALID;
  const fullYear = year < 100 ? 2000 + year : year;
  if (fullYear > now.getUTCFullYear() + 25) return CARD_EXPIRY_INVALID;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return fullYear * 12 + (month - 1) < current ? CARD_EXPIRED : null;
}

/** A card as the user types it; only brand and last4 ever leave the payment provider. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

/** The first problem of a typed card, or null. */
export function cardProblem(card: CardInput, now: Date = new Date()): string | null {
  if (!luhnValid(card.number)) return CARD_NUMBER_INVALID;
  if (card.cvc !== undefined && card.cvc !== '' && !/^\d{3,4}$/.test(card.cvc)) return CARD_NUMBER_INVALID;
  return expiryProblem(card.expMonth, card.expYear, now);
}

/** Rows of a gated table left clear (not blurred) for users without the permission, so they see what the table holds. */
export const GATED_CLEAR_ROWS = 3;

/** The local key of the dev/override flag that grants every permission in the web app. */
export const PERMISSIONS_OVERRIDE_STORAGE_KEY = 'permissionsOverride';
