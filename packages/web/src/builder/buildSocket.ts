// The build stream (docs/api.md "The build stream"): one
// request message out; batches { lu, luNum, total, warnings } in; { error } or a malformed
// message fails the build; closing the socket cancels it. The token goes with the connection
// (a subprotocol) so the server knows who connects before it reads the request.
import {
  BUILD_CLOSE, BUILD_CONNECTION_LOST, BUILD_REQUEST_TOO_LARGE, buildSocketProtocols, ERROR_PARSING, receivedError, receivedWarnings,
  type BuildBatchMessage, type BuildErrorMessage, type BuildMessageInput, type BuiltLineup,
} from '@stacksmith/domain';

/**
 * A batch as the builder takes it: the server's batch (the domain's buildBatchSchema) with its
 * warnings rendered to text here. Its lineups' rows are the builder's own rows sent with the
 * request and echoed back with Run and Slot, so they are the builder's lineups.
 */
export type BuildBatch = Omit<BuildBatchMessage, 'lu' | 'warningCodes'> & { lu: BuiltLineup[] };

/** A message read off the socket: a batch or an error, not trusted until checked below. */
type ReceivedMessage = Partial<Omit<BuildBatchMessage, 'lu'> & { lu: BuiltLineup[] }> & Partial<BuildErrorMessage>;

export interface BuildHandlers {
  onBatch: (batch: BuildBatch) => void;
  onDone: () => void;
  onError: (message: string) => void;
}

export interface BuildConnection {
  cancel: () => void;
}

/** The socket address: configurable (VITE_BUILD_SOCKET_URL), by default /build on this origin. */
export function buildSocketUrl(): string {
  const configured = import.meta.env.VITE_BUILD_SOCKET_URL as string | undefined;
  if (configured) return configured;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/build`;
}

export function parseBuildMessage(text: string): BuildBatch {
  // Only the fields read here are checked: a batch can hold a few hundred lineups, and a full
  // parse of each would cost the page time while the build streams.
  const data = JSON.parse(text) as ReceivedMessage;
  if (data.error) throw new Error(receivedError(data));
  if (!Array.isArray(data.lu) || typeof data.luNum !== 'number') throw new Error(ERROR_PARSING);
  return { lu: data.lu, luNum: data.luNum, total: Number(data.total ?? data.luNum), warnings: receivedWarnings(data) };
}

/** What a close without an {error} message means: done, or why the build stopped. */
export function closeError(code: number): string | null {
  if (code === BUILD_CLOSE.done || code === 1005) return null;
  return code === BUILD_CLOSE.tooLarge ? BUILD_REQUEST_TOO_LARGE : BUILD_CONNECTION_LOST;
}

export function openBuild(request: BuildMessageInput, handlers: BuildHandlers, url = buildSocketUrl()): BuildConnection {
  const socket = new WebSocket(url, buildSocketProtocols(request.token));
  let finished = false;
  let expected = Number(request.numLUs ?? 0);
  const finish = (fn: () => void) => {
    if (finished) return;
    finished = true;
    fn();
  };
  socket.onopen = () => socket.send(JSON.stringify(request));
  socket.onmessage = (event) => {
    if (finished) return;
    let batch: BuildBatch;
    try {
      batch = parseBuildMessage(String(event.data));
    } catch (error) {
      // A server error field or a malformed message logs 'Error parsing' and aborts.
      console.error(ERROR_PARSING, error);
      const message = (error as Error).message;
      finish(() => handlers.onError(message || ERROR_PARSING));
      socket.close();
      return;
    }
    if (batch.total) expected = batch.total;
    handlers.onBatch(batch);
    if (expected > 0 && batch.luNum >= expected) {
      finish(handlers.onDone);
      socket.close();
    }
  };
  socket.onerror = () => finish(() => handlers.onError('The build connection failed.'));
  socket.onclose = (event) => {
    const error = closeError(event.code);
    finish(error ? () => handlers.onError(error) : handlers.onDone);
  };
  return {
    cancel: () => {
      finished = true;
      socket.close();
    },
  };
}
