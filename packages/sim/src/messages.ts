// The simulation's refusals as a code and params, in the shape of the domain's coded messages
// ({code, params}, the params plain JSON). The simulation sits beside the domain and may not
// import it, so it spells only the codes and params here; the domain's catalogue holds the
// same codes and is the one place their text is rendered. The layers above pass a refusal on
// as it is (`error.coded`), and the compiler checks there that each code below is one the
// catalogue knows, with the same params.

export interface SimMessageParams {
  // A contest of a template or a payout table.
  'contest-field-size': Record<string, never>;
  'contest-entry-fee': Record<string, never>;
  'contest-rake': Record<string, never>;
  'contest-unknown-template': { template: string };
  /** `row` counts the payout table's rows below its header, from 1. */
  'payout-table-empty': Record<string, never>;
  'payout-not-a-place': { row: number; raw: string };
  'payout-not-an-amount': { row: number; raw: string };
  'payout-places-out-of-order': { row: number; from: number; to: number };
  'payout-place-gap': { row: number; place: number; expected: number };
  'payout-too-many-places': { row: number };
  /** Place `place` pays more than the place before it. */
  'payout-rises': { place: number };
  'payout-more-places-than-field': { places: number; fieldSize: number };
  // Portfolio selection.
  'selection-not-kept': Record<string, never>;
  'selection-count': Record<string, never>;
  'selection-too-few-lineups': { unique: number; count: number };
  'selection-cancelled': Record<string, never>;
  'selection-exposure-limits': { fitted: number; count: number };
  // The field of opponents.
  'simulation-no-valid-lineup': Record<string, never>;
}

export type SimMessageCode = keyof SimMessageParams;

/** A refusal of the simulation as programs hold it: its code and params. */
export type SimMessage = { [C in SimMessageCode]: { code: C; params: SimMessageParams[C] } }[SimMessageCode];

/**
 * An error of the simulation that a user may read: it carries its code and params (`coded`);
 * its message, for logs, is the code and params, since the text is the domain's to render.
 */
export class SimCodedError extends Error {
  readonly coded: SimMessage;
  constructor(message: SimMessage) {
    super(`${message.code} ${JSON.stringify(message.params)}`);
    this.name = 'SimCodedError';
    this.coded = message;
  }
}

/** A coded refusal (typed: the params must be those of the code). */
export function simMessage<C extends SimMessageCode>(code: C, params: SimMessageParams[C]): Extract<SimMessage, { code: C }> {
  return { code, params } as Extract<SimMessage, { code: C }>;
}
