// A build socket client for tests, connecting as the web app does: the token (taken from the
// message unless given) is offered as the `bearer.{token}` subprotocol at the upgrade.
import { buildSocketProtocols, type BuildBatchMessage, type BuildErrorMessage } from '@stacksmith/domain';
import WebSocket from 'ws';

/** A message of the build socket (the domain's buildBatchSchema or buildErrorSchema), any field possibly missing. */
export type BuildReply = Partial<BuildBatchMessage> & Partial<BuildErrorMessage>;

export interface BuildOptions {
  onReply?: (reply: BuildReply, ws: WebSocket) => void;
  /** Sees the socket once the request is sent (to close it later). */
  onSent?: (ws: WebSocket) => void;
  /** The token to offer; default: the message's `token`. null offers none. */
  token?: string | null;
}

const tokenOf = (message: unknown) =>
  typeof message === 'object' && message !== null ? (message as { token?: string | null }).token ?? null : null;

/** Opens the socket, sends the message (an object as JSON, a string as is), collects replies until the server closes. */
export function runBuild(url: string, message: unknown, options: BuildOptions = {}): Promise<{ replies: BuildReply[]; code: number }> {
  return new Promise((resolve, reject) => {
    const token = options.token === undefined ? tokenOf(message) : options.token;
    const ws = new WebSocket(url, buildSocketProtocols(token));
    const replies: BuildReply[] = [];
    ws.on('open', () => {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
      options.onSent?.(ws);
    });
    ws.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as BuildReply;
      replies.push(reply);
      options.onReply?.(reply, ws);
    });
    ws.on('close', (code) => resolve({ replies, code }));
    ws.on('error', reject);
  });
}
