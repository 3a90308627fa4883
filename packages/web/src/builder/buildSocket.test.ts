// @vitest-environment jsdom
import { BUILD_CONNECTION_LOST, BUILD_REQUEST_TOO_LARGE, BUILD_SOCKET_PROTOCOL } from '@stacksmith/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBuild } from './buildSocket';

/** Records how the socket was opened and lets the test play the server. */
class FakeSocket {
  static last: FakeSocket;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string, readonly protocols: string[]) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
}

const handlers = () => ({ onBatch: vi.fn(), onDone: vi.fn(), onError: vi.fn() });

describe('the build socket client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the token as a subprotocol with the upgrade, and the protocol alone for visitors', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    openBuild({ token: 'eyJ.abc.def', numLUs: 1 }, handlers(), 'ws://x/build');
    expect(FakeSocket.last.protocols).toEqual([BUILD_SOCKET_PROTOCOL, 'bearer.eyJ.abc.def']);
    FakeSocket.last.onopen!();
    expect(JSON.parse(FakeSocket.last.sent[0]!)).toMatchObject({ numLUs: 1 });
    openBuild({ token: null, numLUs: 1 }, handlers(), 'ws://x/build');
    expect(FakeSocket.last.protocols).toEqual([BUILD_SOCKET_PROTOCOL]);
  });

  it('ends with done on a normal close, with a message when the request was too large or the connection dropped', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const done = handlers();
    openBuild({ numLUs: 2 }, done, 'ws://x/build');
    FakeSocket.last.onclose!({ code: 1000 });
    expect(done.onDone).toHaveBeenCalledTimes(1);
    expect(done.onError).not.toHaveBeenCalled();

    const large = handlers();
    openBuild({ numLUs: 2 }, large, 'ws://x/build');
    FakeSocket.last.onclose!({ code: 1009 });
    expect(large.onError).toHaveBeenCalledWith(BUILD_REQUEST_TOO_LARGE);

    const lost = handlers();
    openBuild({ numLUs: 2 }, lost, 'ws://x/build');
    FakeSocket.last.onclose!({ code: 1006 });
    expect(lost.onError).toHaveBeenCalledWith(BUILD_CONNECTION_LOST);
    expect(lost.onDone).not.toHaveBeenCalled();
  });
});
