// A simulation worker thread: draws the fields it plays (once each) and runs the chunks it is
// given, posting each chunk's sums (and, with the first chunk of a field, what the run reports of it).
import { parentPort, workerData } from 'node:worker_threads';
import { runChunk, type ChunkResult, type CompiledModel } from './model.js';
import { runField, type FieldSource } from './run-fields.js';

interface WorkerInput {
  model: CompiledModel;
  source: FieldSource;
  optionCount: number;
}

/** The buffers of a chunk's arrays, moved to the main thread rather than copied (a GPP chunk keeps megabytes of in-money scores). */
function buffers(result: ChunkResult): ArrayBuffer[] {
  const arrays = [
    result.sumPay, result.sumPay2, result.wins, result.top1, result.cash, result.sumPayKept,
    result.portfolioPayout, result.portfolioTop1, result.portfolioCashes,
    ...result.comparisonPayout, ...result.comparisonTop1, ...result.comparisonCashes,
    ...Object.values(result.inMoney),
  ];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

const { model, source, optionCount } = workerData as WorkerInput;
const fields = new Map<number, Int32Array>();
parentPort!.on('message', (message: { chunk: number; from: number; to: number; field: number } | 'stop') => {
  if (message === 'stop') {
    parentPort!.close();
    return;
  }
  let field = fields.get(message.field);
  let info;
  if (!field) {
    const drawn = runField(model, source, message.field, optionCount);
    field = drawn.packed;
    // A worker never returns to a field it has left (it leaves one only when its chunks are all handed out): keep one.
    fields.clear();
    fields.set(message.field, field);
    info = drawn.info;
  }
  const result = runChunk(model, message.from, message.to, field);
  parentPort!.postMessage({ chunk: message.chunk, result, info }, buffers(result));
});
