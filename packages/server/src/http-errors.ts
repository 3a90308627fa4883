// Errors a service throws to end a request with a 4xx and {error}. The refusal is a coded
// message (the domain's catalogue), answered as {error: its text, code, params}, so a client
// can tell refusals apart by code instead of by their wording.
import { coded, CodedError, renderMessage, type CodedMessage } from '@stacksmith/domain';

export class HttpError extends CodedError {
  constructor(readonly statusCode: number, message: CodedMessage) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The body of an error answer: the text, its code and params. */
export function errorBody(message: CodedMessage): { error: string; code: string; params: CodedMessage['params'] } {
  return { error: renderMessage(message), code: message.code, params: message.params };
}

/** A request schema's first issues (zod's own words), each as 'where: what'. */
export function schemaIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): CodedMessage {
  return coded('request-fields-invalid', { issues: error.issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || 'message'}: ${i.message}`) });
}

export const badRequest = (message: CodedMessage) => new HttpError(400, message);
export const unauthorized = (message: CodedMessage) => new HttpError(401, message);
export const forbidden = (message: CodedMessage) => new HttpError(403, message);
export const notFound = (message: CodedMessage) => new HttpError(404, message);
export const tooManyRequests = (message: CodedMessage) => new HttpError(429, message);

