// A simulation worker thread: runs the chunks it is given and posts each chunk's sums.
import { parentPort, workerData } from 'node:worker_threads';
import { runChunk, type CompiledModel } from './model.js';

interface WorkerInput {
  model: CompiledModel;
}

const { model } = workerData as WorkerInput;
parentPort!.on('message', (message: { chunk: number; from: number; to: number } | 'stop') => {
  if (message === 'stop') {
    parentPort!.close();
    return;
  }
  const result = runChunk(model, message.from, message.to);
  parentPort!.postMessage({ chunk: message.chunk, result });
});
