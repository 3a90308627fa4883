// The simulation worker thread: runs one job, posting progress and then the answer (job-thread.ts).
import type { SimulationJob } from '../services/simulate-request.js';
import { serveThreadJob } from './job-thread.js';
import { runSimulationJob, SimulationInputError, type SimulationAnswer, type SimulationProgressMessage } from './simulate-job.js';

serveThreadJob<SimulationJob, SimulationProgressMessage, SimulationAnswer>(runSimulationJob, (error) => error instanceof SimulationInputError);
