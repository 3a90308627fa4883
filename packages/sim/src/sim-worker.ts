// A simulation worker thread: runs the chunks it is given and posts each chunk's sums.
import { parentPort, workerData } from 'node:worker_threads';
import { runChunk, type ChunkResult, type CompiledModel } from './model.js';

interface WorkerInput {
  model: CompiledModel;
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

const { model } = workerData as WorkerInput;
parentPort!.on('message', (message: { chunk: number; from: number; to: number } | 'stop') => {
  if (message === 'stop') {
    parentPort!.close();
    return;
  }
  const result = runChunk(model, message.from, message.to);
  parentPort!.postMessage({ chunk: message.chunk, result }, buffers(result));
});
