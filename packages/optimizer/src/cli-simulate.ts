// The simulation part of stacksmith-opt: --simulate scores the built lineups in a simulated
// contest; --select N --pool M builds M lineups and keeps the N that add most to the expected
// payout of the entries together (packages/sim). Kept apart from cli.ts, which only calls in.
import {
  CONTEST_TEMPLATES, contestFromPayouts, contestFromTemplate, ContestError, parsePayoutCsv, selectPortfolio, simulate,
  type Contest, type ContestTemplate, type SimulationResult,
} from '@stacksmith/sim';
import { writeCsv } from '@stacksmith/domain';
import { selectionLimits } from './selection-limits.js';
import { builtLineupOptions, simulationSlate } from './simulate.js';
import { InputError, type BuildRequest, type Lineup } from './types.js';

export const SIMULATE_OPTIONS = {
  simulate: { type: 'boolean' },
  select: { type: 'string' },
  pool: { type: 'string' },
  sims: { type: 'string' },
  'sim-contest': { type: 'string' },
  'field-size': { type: 'string' },
  'entry-fee': { type: 'string' },
  payouts: { type: 'string' },
  'sim-out': { type: 'string' },
} as const;

export const SIMULATE_USAGE = `
Contest simulation:
  --simulate     simulate the built lineups entered together in a contest and print ROI, top-1 %,
                 cash rate and P(loss); --sim-out gets each lineup's results
  --select N     build --pool M lineups (with randomness: --rand med unless set), simulate them and
                 write the N that add most to the expected payout of the entries together
  --pool M       candidate lineups for --select (default 20 × N, at most 5000)
  --sims S       simulations (default 10000)
  --sim-contest  ${CONTEST_TEMPLATES.join(', ')} (default gpp)
  --field-size   entries in the contest (default 10000)
  --entry-fee    entry fee in dollars (default 20)
  --payouts      a payout CSV (place, prize; ranges like 11-15) instead of the template's table
  --sim-out      a CSV of each lineup's simulated results
`;

type SimulateValues = { [K in keyof typeof SIMULATE_OPTIONS]?: K extends 'simulate' ? boolean : string };

export interface SimulationPlan {
  select?: number;
  pool?: number;
  simulations: number;
  contest: Contest;
  simOut?: string;
}

function whole(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new InputError(`--${flag} must be a whole number between ${min} and ${max} (got "${raw}")`);
  return value;
}

/** The simulation asked for by the flags, or null; bad values throw InputError (exit 2). */
export async function planSimulation(values: SimulateValues, readText: (path: string) => Promise<string>): Promise<SimulationPlan | null> {
  const simFlags = (['pool', 'sims', 'sim-contest', 'field-size', 'entry-fee', 'payouts', 'sim-out'] as const).filter((f) => values[f] !== undefined);
  if (!values.simulate && values.select === undefined) {
    if (simFlags.length > 0) throw new InputError(`--${simFlags[0]} is for a simulation: give --simulate or --select too`);
    return null;
  }
  const select = whole('select', values.select, 1, 150);
  const pool = whole('pool', values.pool, 1, 20_000) ?? (select ? Math.min(5000, Math.max(select, 20 * select)) : undefined);
  if (values.pool !== undefined && select === undefined) throw new InputError('--pool is for --select: give --select N too');
  if (select !== undefined && pool! < select) throw new InputError(`--pool ${pool} is fewer than the ${select} lineups to select`);
  const simulations = whole('sims', values.sims, 10, 100_000) ?? 10_000;
  const fieldSize = whole('field-size', values['field-size'], 2, 500_000) ?? 10_000;
  const feeText = values['entry-fee'] ?? '20';
  const entryFee = Number(feeText);
  if (!(entryFee > 0) || !Number.isFinite(entryFee)) throw new InputError(`--entry-fee must be an amount above 0 (got "${feeText}")`);
  const template = (values['sim-contest'] ?? 'gpp') as ContestTemplate;
  if (!CONTEST_TEMPLATES.includes(template)) throw new InputError(`--sim-contest must be one of ${CONTEST_TEMPLATES.join(', ')} (got "${template}")`);
  let contest: Contest;
  try {
    contest = contestFromTemplate(template, { fieldSize, entryFee });
    if (values.payouts !== undefined) {
      const payouts = parsePayoutCsv(await readText(values.payouts));
      contest = contestFromPayouts(`${values.payouts}`, payouts, { fieldSize, entryFee, maxEntriesPerUser: contest.maxEntriesPerUser });
    }
  } catch (error) {
    if (error instanceof ContestError) throw new InputError(`${values.payouts ? `${values.payouts}: ` : ''}${error.message}`);
    throw error;
  }
  if (select !== undefined && select > contest.maxEntriesPerUser) {
    throw new InputError(`--select ${select} is more than the ${contest.maxEntriesPerUser} entries per user of a ${contest.name}`);
  }
  const plan: SimulationPlan = { simulations, contest };
  if (select !== undefined) { plan.select = select; plan.pool = pool!; }
  if (values['sim-out'] !== undefined) plan.simOut = values['sim-out'];
  return plan;
}

/** A --select run builds the pool: M lineups, with randomness unless the user set it. */
export function poolSettings(plan: SimulationPlan | null, settings: NonNullable<BuildRequest['settings']>): void {
  if (!plan?.pool) return;
  settings.numLUs = plan.pool;
  settings.projPtsRandInput ??= 'med';
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;

/** The per-lineup results as CSV rows (players by name, in slot order). */
export function simulationCsv(lineups: Lineup[], result: SimulationResult): string {
  const fields = ['Lineup', 'Players', 'Proj', 'Salary', 'ROI %', 'ROI SE %', 'Win %', 'Top 1 %', 'Cash %', 'Duplicates'];
  const data = lineups.map((lineup, i) => {
    const s = result.lineups[i]!;
    return [
      i + 1, lineup.slots.map((slot) => slot.player.Name).join(' | '), lineup.points.toFixed(2), lineup.salary,
      (100 * s.roi).toFixed(2), (100 * s.roiSe).toFixed(2), (100 * s.win).toFixed(3), (100 * s.top1).toFixed(2), (100 * s.cash).toFixed(2), s.duplicates,
    ];
  });
  return writeCsv(fields, data);
}

/**
 * Runs the plan on the built lineups: returns the lineups to write (the selected ones for
 * --select) and writes --sim-out. Selection is judged on fresh simulations (another seed),
 * so the printed numbers are not flattered by the simulations that chose the lineups.
 */
export async function runSimulationPlan(
  plan: SimulationPlan, request: BuildRequest, built: Lineup[], log: (line: string) => void,
  writeText: (path: string, text: string) => Promise<void>,
): Promise<Lineup[]> {
  const sim = simulationSlate(request);
  const options = built.map((l) => builtLineupOptions(sim, l));
  const seed = request.seed ?? 1;
  let progressShown = 0;
  const onProgress = ({ done, total }: { done: number; total: number }) => {
    if (done === total || done - progressShown >= total / 10) {
      progressShown = done;
      log(`simulated ${done}/${total}`);
    }
  };
  let entries = built;
  let entryOptions = options;
  if (plan.select !== undefined) {
    const run = await simulate({ slate: sim.slate, contest: plan.contest, lineups: options, simulations: plan.simulations, seed },
      { keepForSelection: true, onProgress });
    // The user's exposures and the rules the build planned by share (stacks, groups, flex shares).
    const selection = selectPortfolio(run, { count: plan.select, limits: selectionLimits(sim, request, options, plan.select) });
    for (const limit of selection.unmet) log(`warning: ${limit}: the pool cannot meet the minimum`);
    entries = selection.chosen.map((i) => built[i]!);
    entryOptions = selection.chosen.map((i) => options[i]!);
    log(`selected ${entries.length} of ${built.length} lineups over ${selection.simulations} simulations`);
  }
  if (entries.length > plan.contest.maxEntriesPerUser) {
    throw new InputError(`${entries.length} lineups is more than the ${plan.contest.maxEntriesPerUser} entries per user of a ${plan.contest.name}`);
  }
  progressShown = 0;
  const result = await simulate({
    slate: sim.slate, contest: plan.contest, lineups: entryOptions, portfolio: entryOptions.map((_, i) => i),
    simulations: plan.simulations, seed: plan.select !== undefined ? seed + 1 : seed,
  }, { onProgress });
  const p = result.portfolio!;
  const c = plan.contest;
  log(`${entries.length} entries in a ${c.name} of ${c.fieldSize} at $${c.entryFee}: ROI ${pct(p.roi)} ± ${pct(p.roiSe)}, `
    + `top 1 % ${pct(p.top1)}, cash ${pct(p.cash)}, P(loss) ${pct(p.pLoss)}, mean profit $${p.meanProfit.toFixed(2)} of $${p.cost.toFixed(2)} entered`);
  if (plan.simOut) await writeText(plan.simOut, simulationCsv(entries, result));
  return entries;
}
