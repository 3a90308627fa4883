// Seeded randomness for the demo data set: the same seed gives the same data everywhere.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export class Random {
  private readonly rng;
  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed | 0);
  }
  /** Uniform in [0, 1). */
  next(): number {
    return uniformFloat64(this.rng);
  }
  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hiInclusive: number): number {
    return lo + Math.floor(this.next() * (hiInclusive - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), Number.MIN_VALUE);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** A stable seed from text (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const FIRST = [
  'Aiden', 'Beau', 'Caden', 'Dax', 'Eli', 'Finn', 'Gage', 'Hayes', 'Ike', 'Jett', 'Kade', 'Lane', 'Miles', 'Nash', 'Owen',
  'Pierce', 'Quinn', 'Reid', 'Sawyer', 'Tate', 'Uriah', 'Vance', 'Wade', 'Xander', 'Yates', 'Zane', 'Brody', 'Colt', 'Dane',
  'Emmett', 'Ford', 'Grady', 'Hollis', 'Jace', 'Knox', 'Luca', 'Mack', 'Nico', 'Rhett', 'Silas',
];
const LAST = [
  'Ashford', 'Barrow', 'Calloway', 'Dunmore', 'Ellery', 'Fairbanks', 'Galloway', 'Hartwell', 'Ingram', 'Jessup', 'Kingsley',
  'Lockhart', 'Merriweather', 'Northcott', 'Oakley', 'Pemberton', 'Quarles', 'Radcliffe', 'Stanhope', 'Thorne', 'Underhill',
  'Vickery', 'Whitlock', 'Yardley', 'Ziegler', 'Blackwood', 'Crenshaw', 'Drummond', 'Eastwick', 'Fenwick', 'Greenway',
  'Holloway', 'Iverson', 'Jarrell', 'Kimbrough', 'Langley', 'Marlowe', 'Nightingale', 'Orwell', 'Prescott', 'Ridley',
  'Sutcliffe', 'Tolliver', 'Upshaw', 'Vandermeer', 'Wexford', 'Yancey', 'Bramwell', 'Coldwell', 'Dorsey', 'Everly',
  'Fitzroy', 'Gaines', 'Hastings', 'Kettering', 'Lindqvist', 'Montague', 'Pryor', 'Rutherford', 'Stroud',
];

/** Fictional, unique names: each call gives a name not given before by this generator. */
export class NameGenerator {
  private readonly used = new Set<string>();
  constructor(private readonly random: Random) {}
  next(): string {
    for (;;) {
      const name = `${this.random.pick(FIRST)} ${this.random.pick(LAST)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
      if (this.used.size >= FIRST.length * LAST.length) throw new Error('out of demo names');
    }
  }
}
