// The simulation part of stacksmith-opt: --simulate scores the built lineups in a simulated
// contest; --select N --pool M builds M lineups and keeps the N that add most to the expected
// payout of the entries together (packages/sim). Kept apart from cli.ts, which only calls in.
import {
  CONTEST_TEMPLATES, contestFromPayouts, contestFromTemplate, ContestError, DEFAULT_PROJECTION_ERROR, parsePayoutCsv, simulate,
  type Contest, type ContestTemplate, type LineupStats, type SimulationResult,
} from '@stacksmith/sim';
import { coded, renderMessage, writeCsv } from '@stacksmith/domain';
import { fieldInputError, plainBuilds, poolWithPlain, selectEntries } from './select-entries.js';
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
  'proj-error': { type: 'string' },
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
  --proj-error   how far your projections may be off, in percent (sd of log(true ÷ projected);
                 default by sport: ${Object.entries(DEFAULT_PROJECTION_ERROR).map(([sport, e]) => `${sport} ${Math.round(e * 100)}`).join(', ')}; 0 takes them as exact)
  --sim-out      a CSV of each lineup's simulated results
`;

type SimulateValues = { [K in keyof typeof SIMULATE_OPTIONS]?: K extends 'simulate' ? boolean : string };

export interface SimulationPlan {
  select?: number;
  pool?: number;
  simulations: number;
  contest: Contest;
  simOut?: string;
  /** Projection error as a fraction (undefined: the sport's default). */
  projectionError?: number;
  /** The user's own projection randomness, before a pool build sets its own (the plain build's). */
  plainRandomness?: string;
}

function whole(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new InputError(coded('cli-whole-number', { flag, min, max, raw }));
  return value;
}

/** The simulation asked for by the flags, or null; bad values throw InputError (exit 2). */
export async function planSimulation(values: SimulateValues, readText: (path: string) => Promise<string>): Promise<SimulationPlan | null> {
  const simFlags = (['pool', 'sims', 'sim-contest', 'field-size', 'entry-fee', 'payouts', 'proj-error', 'sim-out'] as const).filter((f) => values[f] !== undefined);
  if (!values.simulate && values.select === undefined) {
    if (simFlags.length > 0) throw new InputError(coded('cli-flag-needs-simulation', { flag: simFlags[0]! }));
    return null;
  }
  const select = whole('select', values.select, 1, 150);
  const pool = whole('pool', values.pool, 1, 20_000) ?? (select ? Math.min(5000, Math.max(select, 20 * select)) : undefined);
  if (values.pool !== undefined && select === undefined) throw new InputError(coded('cli-pool-needs-select', {}));
  if (select !== undefined && pool! < select) throw new InputError(coded('cli-pool-below-select', { pool: pool!, select }));
  const simulations = whole('sims', values.sims, 10, 100_000) ?? 10_000;
  const fieldSize = whole('field-size', values['field-size'], 2, 500_000) ?? 10_000;
  const feeText = values['entry-fee'] ?? '20';
  const entryFee = Number(feeText);
  if (!(entryFee > 0) || !Number.isFinite(entryFee)) throw new InputError(coded('cli-entry-fee', { raw: feeText }));
  const template = (values['sim-contest'] ?? 'gpp') as ContestTemplate;
  if (!CONTEST_TEMPLATES.includes(template)) throw new InputError(coded('cli-sim-contest', { templates: [...CONTEST_TEMPLATES], raw: template }));
  let contest: Contest;
  try {
    contest = contestFromTemplate(template, { fieldSize, entryFee });
    if (values.payouts !== undefined) {
      const payouts = parsePayoutCsv(await readText(values.payouts));
      contest = contestFromPayouts(`${values.payouts}`, payouts, { fieldSize, entryFee, maxEntriesPerUser: contest.maxEntriesPerUser });
    }
  } catch (error) {
    if (error instanceof ContestError) throw new InputError(values.payouts ? coded('payout-file', { fileName: values.payouts, problem: error.coded }) : error.coded);
    throw error;
  }
  if (select !== undefined && select > contest.maxEntriesPerUser) {
    throw new InputError(coded('cli-select-over-entries', { select, max: contest.maxEntriesPerUser, contest: contest.name }));
  }
  // The entries need opponents: the simulation refuses a field they would fill.
  if (select !== undefined && select >= contest.fieldSize) throw new InputError(coded('simulation-field-too-small', {}));
  const plan: SimulationPlan = { simulations, contest };
  if (values['proj-error'] !== undefined) {
    const text = values['proj-error'];
    const percent = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
    if (!(percent >= 0 && percent <= 100)) throw new InputError(coded('cli-proj-error', { raw: text }));
    plan.projectionError = percent / 100;
  }
  if (select !== undefined) { plan.select = select; plan.pool = pool!; }
  if (values['sim-out'] !== undefined) plan.simOut = values['sim-out'];
  return plan;
}

/** A --select run builds the pool: M lineups, with randomness unless the user set it. */
export function poolSettings(plan: SimulationPlan | null, settings: NonNullable<BuildRequest['settings']>): void {
  if (!plan?.pool) return;
  if (settings.projPtsRandInput !== undefined) plan.plainRandomness = String(settings.projPtsRandInput);
  settings.numLUs = plan.pool;
  settings.projPtsRandInput ??= 'med';
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;

/** The per-lineup results as CSV rows (players by name, in slot order). */
export function simulationCsv(lineups: Lineup[], stats: readonly LineupStats[]): string {
  const fields = ['Lineup', 'Players', 'Proj', 'Salary', 'ROI %', 'ROI SE %', 'Win %', 'Top 1 %', 'Cash %', 'Duplicates'];
  const data = lineups.map((lineup, i) => {
    const s = stats[i]!;
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
  if (plan.projectionError !== undefined) sim.slate.projectionError = plan.projectionError;
  const seed = request.seed ?? 1;
  let progressShown = 0;
  const onProgress = ({ done, total }: { done: number; total: number }) => {
    if (done === total || done - progressShown >= total / 10) {
      progressShown = done;
      log(`simulated ${done}/${total}`);
    }
  };
  const c = plan.contest;
  const line = (entries: number, p: NonNullable<SimulationResult['portfolio']>) => `${entries} entries in a ${c.name} of ${c.fieldSize} at $${c.entryFee}: `
    + `ROI ${pct(p.roi)} ± ${pct(p.roiSe)}, top 1 % ${pct(p.top1)} ± ${pct(p.top1Se)}, cash ${pct(p.cash)}, P(loss) ${pct(p.pLoss)}, `
    + `mean profit $${p.meanProfit.toFixed(2)} ± ${p.profitSe.toFixed(2)} of $${p.cost.toFixed(2)} entered`;
  log(`projection error ${Math.round(100 * (sim.slate.projectionError ?? DEFAULT_PROJECTION_ERROR[sim.slate.sport] ?? 0.2))} % (--proj-error); ROI is given ± one standard error`);
  if (plan.select !== undefined) {
    // The plain build (the user's settings, N lineups) and the no-randomness optimum join the pool.
    const plainLineups = await plainBuilds(request, plan.select, plan.plainRandomness);
    const merged = poolWithPlain(built.map((l) => builtLineupOptions(sim, l)), plainLineups.map((l) => builtLineupOptions(sim, l)));
    const lineups = [...built, ...merged.added.map((j) => plainLineups[j]!)];
    const selected = await selectEntries({
      sim, contest: c, pool: merged.lineups, plain: merged.plain, count: plan.select,
      limits: selectionLimits(sim, request, merged.lineups, plan.select), simulations: plan.simulations, seed,
      onProgress: (phase, done, total) => { if (phase !== 'select') onProgress({ done, total }); },
    });
    for (const warning of selected.warnings) log(`warning: ${renderMessage(warning)}`);
    const entries = selected.chosen.map((i) => lineups[i]!);
    log(`selected ${entries.length} of ${merged.lineups.length} lineups (your plain build of ${plan.select} and the no-randomness optimum among them) over ${selected.selection.simulations} simulations`);
    log(line(entries.length, selected.portfolio));
    const e = selected.edge;
    log(`over your plain build of ${plan.select} (${pct(selected.plain.roi)} ± ${pct(selected.plain.roiSe)}) on the same simulations: ROI ${e.roi >= 0 ? '+' : ''}${pct(e.roi)} ± ${pct(e.roiSe)}`);
    if (plan.simOut) await writeText(plan.simOut, simulationCsv(entries, selected.lineups));
    return entries;
  }
  const options = built.map((l) => builtLineupOptions(sim, l));
  if (built.length > c.maxEntriesPerUser) {
    throw new InputError(coded('lineups-over-entries-per-user', { lineups: built.length, max: c.maxEntriesPerUser, contest: c.name }));
  }
  if (built.length >= c.fieldSize) throw new InputError(coded('simulation-field-too-small', {}));
  let result: SimulationResult;
  try {
    result = await simulate({
      slate: sim.slate, contest: c, lineups: options, portfolio: options.map((_, i) => i), simulations: plan.simulations, seed,
    }, { onProgress });
  } catch (error) {
    fieldInputError(error);
  }
  log(line(built.length, result.portfolio!));
  if (plan.simOut) await writeText(plan.simOut, simulationCsv(built, result.lineups));
  return built;
}
