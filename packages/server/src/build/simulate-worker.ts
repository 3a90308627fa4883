// The simulation thread's module (job-thread.ts): runs one job, posting progress and then the answer.
import type { SimulationJob } from '../services/simulate-request.js';
import { threadJob } from './job-thread.js';
import type { SimulationAnswer, SimulationProgress } from '@stacksmith/domain';
import { runSimulationJob, SimulationInputError } from './simulate-job.js';

export default threadJob<SimulationJob, SimulationProgress, SimulationAnswer>(runSimulationJob, (error) => error instanceof SimulationInputError);
