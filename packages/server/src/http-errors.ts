// Errors a service throws to end a request with a 4xx and {error}. A coded message (the
// domain's catalogue) is answered as {error: its text, code, params}, so a client can tell
// refusals apart by code instead of by their wording.
import { renderMessage, type CodedMessage } from '@stacksmith/domain';

export class HttpError extends Error {
  /** The refusal as a code and params, when it has one. */
  readonly coded: CodedMessage | undefined;
  constructor(readonly statusCode: number, message: string | CodedMessage) {
    super(typeof message === 'string' ? message : renderMessage(message));
    this.name = 'HttpError';
    this.coded = typeof message === 'string' ? undefined : message;
  }
}

/** The body of an error answer: the text, and the code and params when the error has them. */
export function errorBody(message: string | CodedMessage): { error: string; code?: string; params?: CodedMessage['params'] } {
  return typeof message === 'string' ? { error: message } : { error: renderMessage(message), code: message.code, params: message.params };
}

export const badRequest = (message: string | CodedMessage) => new HttpError(400, message);
export const unauthorized = (message: string | CodedMessage) => new HttpError(401, message);
export const forbidden = (message: string | CodedMessage) => new HttpError(403, message);
export const notFound = (message: string | CodedMessage) => new HttpError(404, message);
export const tooManyRequests = (message: string | CodedMessage) => new HttpError(429, message);

/** The coded message an error carries (HttpError, the optimizer's InputError and BuildError), as a field to spread into a job's outcome. */
export function codedOf(error: unknown): { coded?: CodedMessage } {
  const found = (error as { coded?: CodedMessage } | null)?.coded;
  return found && typeof found === 'object' ? { coded: found } : {};
}
