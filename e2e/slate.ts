import { getRoster } from '@stacksmith/domain';

// The slate the specs drive: the demo data set's nfl DraftKings classic slate.
export const BUILDER_PATH = process.env.E2E_BUILDER_PATH ?? '/optimizer/classic/nfl/dk/Main?season=2023&week=1';
export const ROSTER = getRoster('nfl', 'dk', 'classic');

// The demo data set's subscriber account (packages/server/src/demo/seed.ts): its plan allows
// 150 lineups a build, where a fresh sign-up's free plan allows 3.
export const DEMO_EMAIL = process.env.E2E_DEMO_EMAIL ?? 'demo@stacksmith.local';
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'stacksmith-demo';

// The server's late-swap clock in the e2e run (run.ts): week 1's 1 pm games have started,
// its 4:25 pm games have not.
export const LATE_SWAP_NOW = '2023-09-10T14:00:00-04:00';
