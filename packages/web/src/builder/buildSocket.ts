// The build stream (docs/api.md "The build stream", spec site §4 "Lineup generation"): one
// request message out; batches { lu, luNum, total, warnings } in; { error } or a malformed
// message fails the build; closing the socket cancels it.
import { ERROR_PARSING, type BuiltLineup } from '@stacksmith/domain';

export interface BuildBatch {
  lu: BuiltLineup[];
  luNum: number;
  total: number;
  warnings: string[];
}

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
  const data = JSON.parse(text) as Partial<BuildBatch> & { error?: unknown };
  if (data.error) throw new Error(String(data.error));
  if (!Array.isArray(data.lu) || typeof data.luNum !== 'number') throw new Error(ERROR_PARSING);
  return { lu: data.lu, luNum: data.luNum, total: Number(data.total ?? data.luNum), warnings: Array.isArray(data.warnings) ? data.warnings : [] };
}

export function openBuild(request: object, handlers: BuildHandlers, url = buildSocketUrl()): BuildConnection {
  const socket = new WebSocket(url);
  let finished = false;
  let expected = Number((request as { numLUs?: number }).numLUs ?? 0);
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
      // Spec site §8: a server error field or a malformed message logs 'Error parsing' and aborts.
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
  socket.onclose = () => finish(handlers.onDone);
  return {
    cancel: () => {
      finished = true;
      socket.close();
    },
  };
}
