// The simulation worker thread: runs one job, posting progress and then the answer (or the
// error as data, so its kind survives the thread boundary).
import { parentPort, workerData } from 'node:worker_threads';
import type { SimulationJob } from '../services/simulate-request.js';
import { runSimulationJob, SimulationInputError } from './simulate-job.js';

const port = parentPort!;
runSimulationJob(workerData as SimulationJob, (progress) => port.postMessage({ type: 'progress', progress }))
  .then((answer) => port.postMessage({ type: 'done', answer }))
  .catch((error: unknown) => port.postMessage({
    type: 'failed', kind: error instanceof SimulationInputError ? 'input' : 'internal', message: error instanceof Error ? error.message : String(error),
  }));
