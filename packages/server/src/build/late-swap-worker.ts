// The late swap worker thread: runs one entries late swap (late-swap-job.ts) and posts the answer.
import { BuildError, InputError } from '@stacksmith/optimizer';
import { serveThreadJob } from './job-thread.js';
import { runLateSwapJob, type LateSwapAnswer, type LateSwapJob } from './late-swap-job.js';

serveThreadJob<LateSwapJob, never, LateSwapAnswer>(runLateSwapJob, (error) => error instanceof InputError || error instanceof BuildError);
