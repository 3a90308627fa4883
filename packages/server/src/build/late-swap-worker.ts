// The late swap thread's module (job-thread.ts): runs one entries late swap (late-swap-job.ts) and answers.
import { BuildError, InputError } from '@stacksmith/optimizer';
import { threadJob } from './job-thread.js';
import { runLateSwapJob, type LateSwapAnswer, type LateSwapJob } from './late-swap-job.js';

export default threadJob<LateSwapJob, never, LateSwapAnswer>(runLateSwapJob, (error) => error instanceof InputError || error instanceof BuildError);
