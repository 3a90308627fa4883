// Seeded randomness for the demo data set: the one seeded source (packages/sim random.ts), so
// the same seed gives the same data everywhere; the demo's own name generator below.
import { SeededRandom } from '@stacksmith/sim';

export { SeededRandom as Random, seedOf } from '@stacksmith/sim';
type Random = SeededRandom;

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
