// Seeded randomness, the one place for it: the simulation's streams, the optimizer's
// randomised builds, the demo data and the test fixtures all draw from here. Every simulation
// draws from its own stream, derived from (seed, index), so results do not depend on how
// simulations are split across threads or chunks.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export type Rng = ReturnType<typeof xoroshiro128plus>;

/** Murmur3's 32-bit finaliser: spreads neighbouring seeds far apart. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** The generator of stream `stream` under `seed` (stream: a simulation's index, a purpose tag). */
export function streamRng(seed: number, stream: number): Rng {
  const rng = xoroshiro128plus(mix32(mix32(seed | 0) ^ Math.imul(stream + 0x9e3779b9, 0x27d4eb2d)));
  for (let i = 0; i < 4; i++) rng.next(); // leave the weak first outputs behind
  return rng;
}

/** A uniform draw in [0, 1). */
export function uniform(rng: Rng): number {
  return uniformFloat64(rng);
}

/** The generator of a plain seed (the optimizer's randomised builds, the demo data). */
export function seededRng(seed: number): Rng {
  return xoroshiro128plus(seed | 0);
}

/** Uniform floats in [0, 1), one per call. */
export type UniformSource = () => number;

/**
 * mulberry32 (Tommy Ettinger's public-domain 32-bit generator): the test fixtures' source, kept
 * so that their slates and pools stay the same rows on every platform and release.
 */
export function mulberry32(seed: number): UniformSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal from two uniforms (Box–Muller; u in (0, 1]). */
function boxMuller(u: number, v: number): number {
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Integer in lo..hi inclusive. */
export function randInt(rng: UniformSource, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** One element of a non-empty array. */
export function pick<T>(rng: UniformSource, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty array');
  return items[Math.floor(rng() * items.length)]!;
}

/** Index drawn with probability proportional to its (non-negative) weight. */
export function pickWeighted(rng: UniformSource, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i]!;
    if (u < 0) return i;
  }
  return weights.length - 1;
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(rng: UniformSource, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Standard normal draw. */
export function gaussian(rng: UniformSource): number {
  const u = 1 - rng();
  return boxMuller(u, rng());
}

/** The helpers above on one seeded source (xoroshiro128+ of a plain seed): for data generators. */
export class SeededRandom {
  private readonly source: UniformSource;
  constructor(seed: number) {
    const rng = seededRng(seed);
    this.source = () => uniformFloat64(rng);
  }
  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }
  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hiInclusive: number): number {
    return randInt(this.source, lo, hiInclusive);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), Number.MIN_VALUE);
    return boxMuller(u, this.next());
  }
  shuffle<T>(items: readonly T[]): T[] {
    return shuffled(this.source, items);
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

/** Fills `out` with independent standard normal draws (Box–Muller, both values used). */
export function fillNormals(rng: Rng, out: Float64Array, count = out.length): void {
  for (let i = 0; i < count; i += 2) {
    const u = Math.max(uniformFloat64(rng), Number.MIN_VALUE);
    const v = uniformFloat64(rng);
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v); // both values of the pair used: not boxMuller()
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
}

/** Streams of the engine, kept apart from the per-simulation ones (which use 0..S-1). */
export const FIELD_STREAM = -1;
