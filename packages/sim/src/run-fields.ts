// The fields of a run, drawn where they are played: in the worker thread (or the thread) that
// runs a field's simulations, each field from the run's plan and its index alone, so that the
// same seed gives the same fields whatever the thread count and chunk size.
import { drawPlannedField, type Field, type FieldPlan } from './field.js';
import { packField, type CompiledModel } from './model.js';

/** Where a run's fields come from: one given field played by every simulation, or a plan each field is drawn from. */
export type FieldSource = { kind: 'given'; packed: Int32Array; field: Field } | { kind: 'plan'; plan: FieldPlan };

/** What a run reports of one field: its realised ownership (percent per option) and each candidate's duplicates in it. */
export interface FieldInfo {
  index: number;
  ownership: Float64Array;
  duplicates: Float64Array;
}

/** Field `index` of a run, packed for runChunk, with what the run reports of it. */
export function runField(model: CompiledModel, source: FieldSource, index: number, optionCount: number): { packed: Int32Array; info: FieldInfo } {
  const packed = source.kind === 'given' ? source.packed : packField(drawPlannedField(source.plan, index), model.slotCount);
  const k = model.slotCount;
  const ownership = new Float64Array(optionCount);
  const counts = new Map<string, number>();
  for (let i = 0; i < model.fieldCount; i++) {
    const lineup = packed.subarray(i * k, (i + 1) * k);
    for (let j = 0; j < k; j++) ownership[lineup[j]!]! += 100 / model.fieldCount;
    const key = lineup.join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Both are packed (options sorted ascending), so equal lineups have equal keys.
  const duplicates = new Float64Array(model.poolCount);
  for (let l = 0; l < model.poolCount; l++) duplicates[l] = counts.get(model.pool.subarray(l * k, (l + 1) * k).join(',')) ?? 0;
  return { packed, info: { index, ownership, duplicates } };
}
