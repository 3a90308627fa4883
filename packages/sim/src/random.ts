// Seeded randomness. Every simulation draws from its own stream, derived from (seed, index),
// so results do not depend on how simulations are split across threads or chunks.
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

/** Fills `out` with independent standard normal draws (Box–Muller, both values used). */
export function fillNormals(rng: Rng, out: Float64Array, count = out.length): void {
  for (let i = 0; i < count; i += 2) {
    const u = Math.max(uniformFloat64(rng), Number.MIN_VALUE);
    const v = uniformFloat64(rng);
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
}

/** Streams of the engine, kept apart from the per-simulation ones (which use 0..S-1). */
export const FIELD_STREAM = -1;
