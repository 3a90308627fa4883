// Runs an uploaded file's reading and matching in a file thread (build/file-worker.ts) and
// turns its outcome into the route's answer: the answer, a 400 with the reader's message, a
// 503 when every file thread and queue place is taken.
import { coded } from '@stacksmith/domain';
import type { FastifyInstance } from 'fastify';
import type { FileJob } from '../build/file-worker.js';
import { badRequest, HttpError } from '../http-errors.js';

export async function runFileJob<Answer>(app: FastifyInstance, job: FileJob, signal: AbortSignal = new AbortController().signal): Promise<Answer> {
  const outcome = await app.files.run<never, Answer>('file-worker', job, null, signal);
  if (outcome.status === 'done') return outcome.answer;
  if (outcome.status === 'cancelled') throw new HttpError(499, coded('client-went-away', {}));
  if (outcome.kind === 'input') throw badRequest(outcome.coded);
  if (outcome.kind === 'busy') throw new HttpError(503, outcome.coded);
  throw new Error(`reading the file failed: ${outcome.message}`);
}
