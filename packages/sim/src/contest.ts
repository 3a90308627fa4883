// Contests: size, entry fee, entries per user and the payout table (a prize per finishing
// place). Templates model the contest kinds users enter; a payout CSV may be pasted instead.
import Papa from 'papaparse';
import { SimCodedError, simMessage, type SimMessage } from './messages.js';

export interface Contest {
  name: string;
  /** Entries in the contest, the user's included. */
  fieldSize: number;
  entryFee: number;
  /** Most entries one user may have (1 for single-entry, 150 for the big GPPs). */
  maxEntriesPerUser: number;
  /** Prize of each place from 1st on; places past the end pay nothing. */
  payouts: number[];
}

export const CONTEST_TEMPLATES = ['gpp', 'single-entry', 'fifty-fifty', 'double-up'] as const;
export type ContestTemplate = (typeof CONTEST_TEMPLATES)[number];

export const CONTEST_TEMPLATE_NAMES: Record<ContestTemplate, string> = {
  gpp: 'Large top-heavy GPP',
  'single-entry': 'Single-entry GPP',
  'fifty-fifty': '50/50',
  'double-up': 'Double-up',
};

/** The site's cut of entry fees (DraftKings and FanDuel keep 10–16 %; 15 % here). */
export const DEFAULT_RAKE = 0.15;

export interface ContestOptions {
  fieldSize: number;
  entryFee: number;
  maxEntriesPerUser?: number;
  rake?: number;
}

/** A contest or payout table that cannot be: the user's input, coded (messages.ts). */
export class ContestError extends SimCodedError {
  constructor(message: SimMessage) {
    super(message);
    this.name = 'ContestError';
  }
}

const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * A top-heavy table: `paidShare` of the field is paid, 1st gets `topShare` of the prize pool,
 * the last paid place gets `minCash` entry fees, and the prizes in between fall as a power
 * of the place, its exponent solved so that the prizes add up to the pool.
 */
function topHeavy(fieldSize: number, entryFee: number, rake: number, paidShare: number, topShare: number, minCash: number): number[] {
  const pool = fieldSize * entryFee * (1 - rake);
  const paid = Math.max(1, Math.floor(fieldSize * paidShare));
  if (paid === 1) return [cents(pool)];
  const low = minCash * entryFee;
  const top = Math.max(low, topShare * pool);
  // prize(r) = low + (top − low)·(r^−a − paid^−a)/(1 − paid^−a); total falls as a grows.
  const total = (a: number) => {
    const end = paid ** -a;
    let sum = 0;
    for (let r = 1; r <= paid; r++) sum += low + ((top - low) * (r ** -a - end)) / (1 - end);
    return sum;
  };
  let lo = 1e-3;
  let hi = 20;
  if (total(lo) <= pool) hi = lo; // even the flattest table is within the pool: take it
  for (let i = 0; i < 60 && hi > lo; i++) {
    const mid = (lo + hi) / 2;
    if (total(mid) > pool) lo = mid; else hi = mid;
  }
  const a = hi;
  const end = paid ** -a;
  const prizes: number[] = [];
  for (let r = 1; r <= paid; r++) prizes.push(cents(low + ((top - low) * (r ** -a - end)) / (1 - end)));
  return prizes;
}

/** The payout table of a template for a contest of this size and fee. */
export function contestFromTemplate(template: ContestTemplate, options: ContestOptions): Contest {
  const { fieldSize, entryFee } = options;
  const rake = options.rake ?? DEFAULT_RAKE;
  if (!Number.isInteger(fieldSize) || fieldSize < 2) throw new ContestError(simMessage('contest-field-size', {}));
  if (!(entryFee > 0)) throw new ContestError(simMessage('contest-entry-fee', {}));
  if (!(rake >= 0 && rake < 1)) throw new ContestError(simMessage('contest-rake', {}));
  let payouts: number[];
  let maxEntries: number;
  switch (template) {
    case 'gpp':
      // Like the big Sunday GPPs: about 22 % paid, 1st near 10 % of the pool, a min-cash of 2 fees.
      payouts = topHeavy(fieldSize, entryFee, rake, 0.22, fieldSize >= 1000 ? 0.1 : 0.2, 2);
      maxEntries = 150;
      break;
    case 'single-entry':
      payouts = topHeavy(fieldSize, entryFee, rake, 0.2, fieldSize >= 1000 ? 0.06 : 0.15, 1.8);
      maxEntries = 1;
      break;
    case 'fifty-fifty': {
      const paid = Math.floor(fieldSize / 2);
      payouts = new Array<number>(paid).fill(cents((fieldSize * entryFee * (1 - rake)) / paid));
      maxEntries = 1;
      break;
    }
    case 'double-up': {
      const paid = Math.max(1, Math.floor((fieldSize * (1 - rake)) / 2));
      payouts = new Array<number>(paid).fill(cents(2 * entryFee));
      maxEntries = 1;
      break;
    }
    default:
      throw new ContestError(simMessage('contest-unknown-template', { template: String(template) }));
  }
  return {
    name: CONTEST_TEMPLATE_NAMES[template],
    fieldSize,
    entryFee,
    maxEntriesPerUser: options.maxEntriesPerUser ?? maxEntries,
    payouts,
  };
}

const PLACE = /^(\d+)(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d+)(?:st|nd|rd|th)?)?$/i;

function money(text: string): number {
  const cleaned = text.replace(/[$€£,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * A payout table from CSV text: a place column (1, 2nd, 11-15, 101 – 150) and a prize column
 * ($1,000.00 or 1000). A header row is optional; columns are found by name (Place/Rank/
 * Position, Payout/Prize/Amount) or taken as the first two.
 */
export function parsePayoutCsv(text: string): number[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.map((row) => row.map((cell) => String(cell ?? '').trim()));
  if (rows.length === 0) throw new ContestError(simMessage('payout-table-empty', {}));
  let placeCol = 0;
  let prizeCol = 1;
  const header = rows[0]!.map((c) => c.toLowerCase());
  if (!PLACE.test(rows[0]![0] ?? '')) {
    const p = header.findIndex((c) => /place|rank|position|finish/.test(c));
    const z = header.findIndex((c) => /payout|prize|amount|winnings|cash/.test(c));
    if (p >= 0) placeCol = p;
    if (z >= 0) prizeCol = z;
    rows.shift();
  }
  const payouts: number[] = [];
  rows.forEach((row, i) => {
    const line = i + 1;
    const place = PLACE.exec(row[placeCol] ?? '');
    if (!place) throw new ContestError(simMessage('payout-not-a-place', { row: line, raw: row[placeCol] ?? '' }));
    const from = Number(place[1]);
    const to = place[2] ? Number(place[2]) : from;
    const prize = money(row[prizeCol] ?? '');
    if (!Number.isFinite(prize)) throw new ContestError(simMessage('payout-not-an-amount', { row: line, raw: row[prizeCol] ?? '' }));
    if (from < 1 || to < from) throw new ContestError(simMessage('payout-places-out-of-order', { row: line, from, to }));
    if (from !== payouts.length + 1) throw new ContestError(simMessage('payout-place-gap', { row: line, place: from, expected: payouts.length + 1 }));
    if (to > 1_000_000) throw new ContestError(simMessage('payout-too-many-places', { row: line }));
    for (let r = from; r <= to; r++) payouts.push(prize);
  });
  for (let r = 1; r < payouts.length; r++) {
    if (payouts[r]! > payouts[r - 1]!) throw new ContestError(simMessage('payout-rises', { place: r + 1 }));
  }
  return payouts;
}

/** A contest from a pasted payout table. */
export function contestFromPayouts(name: string, payouts: number[], options: Omit<ContestOptions, 'rake'>): Contest {
  if (!Number.isInteger(options.fieldSize) || options.fieldSize < 2) throw new ContestError(simMessage('contest-field-size', {}));
  if (!(options.entryFee > 0)) throw new ContestError(simMessage('contest-entry-fee', {}));
  if (payouts.length > options.fieldSize) throw new ContestError(simMessage('payout-more-places-than-field', { places: payouts.length, fieldSize: options.fieldSize }));
  return { name, fieldSize: options.fieldSize, entryFee: options.entryFee, maxEntriesPerUser: options.maxEntriesPerUser ?? options.fieldSize, payouts };
}

/** Cumulative prizes: prefix[r] = prizes of places 1..r (r up to the paid places). */
export function prizePrefix(payouts: readonly number[]): Float64Array {
  const prefix = new Float64Array(payouts.length + 1);
  for (let r = 0; r < payouts.length; r++) prefix[r + 1] = prefix[r]! + payouts[r]!;
  return prefix;
}

/**
 * The prize of an entry with `above` entries scoring more and `tied` entries (itself included)
 * scoring the same: the tied entries share the prizes of the places they cover equally.
 */
export function splitPrize(prefix: Float64Array, above: number, tied: number): number {
  const paid = prefix.length - 1;
  if (above >= paid) return 0;
  const end = Math.min(above + tied, paid);
  return (prefix[end]! - prefix[above]!) / tied;
}
