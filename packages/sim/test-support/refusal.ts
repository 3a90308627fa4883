import { expect } from 'vitest';
import type { SimMessageCode, SimMessageParams } from '../src/messages.js';

/** Matches a thrown refusal of the simulation by its code and params (its text is the domain's to render). */
export function refusal<C extends SimMessageCode>(code: C, params: SimMessageParams[C]) {
  return expect.objectContaining({ coded: { code, params } });
}
