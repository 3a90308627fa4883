// The test fixtures' seeded randomness lives with the rest of it in packages/sim (random.ts):
// mulberry32, so the same seed gives the same rows on every platform.
export { gaussian, mulberry32, pick, pickWeighted, randInt, shuffled, type UniformSource as Rng } from '@stacksmith/sim';
