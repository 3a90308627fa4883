// @vitest-environment jsdom
import { BUILD_CONNECTION_LOST, BUILD_REQUEST_TOO_LARGE, BUILD_SOCKET_PROTOCOL, type BuildMessageInput } from '@stacksmith/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fakeSocket';
import { openBuild } from './buildSocket';

const handlers = () => ({ onBatch: vi.fn(), onDone: vi.fn(), onError: vi.fn() });
/** A build message as the builder sends one (the domain's buildMessageSchema), with a one-player pool. */
const message = (fields: Partial<BuildMessageInput>): BuildMessageInput => ({
  sport: 'nfl', site: 'dk', players: [{ Id: '1', Name: 'P1', Position: 'QB', Salary: 5000 }], ...fields,
});

describe('the build socket client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the token as a subprotocol with the upgrade, and the protocol alone for visitors', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    openBuild(message({ token: 'eyJ.abc.def', numLUs: 1 }), handlers(), 'ws://x/build');
    expect(FakeSocket.last.protocols).toEqual([BUILD_SOCKET_PROTOCOL, 'bearer.eyJ.abc.def']);
    FakeSocket.last.onopen!();
    expect(JSON.parse(FakeSocket.last.sent[0]!)).toMatchObject({ numLUs: 1 });
    openBuild(message({ token: null, numLUs: 1 }), handlers(), 'ws://x/build');
    expect(FakeSocket.last.protocols).toEqual([BUILD_SOCKET_PROTOCOL]);
  });

  it('ends with done on a normal close, with a message when the request was too large or the connection dropped', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const done = handlers();
    openBuild(message({ numLUs: 2 }), done, 'ws://x/build');
    FakeSocket.last.serverClose(1000);
    expect(done.onDone).toHaveBeenCalledTimes(1);
    expect(done.onError).not.toHaveBeenCalled();

    const large = handlers();
    openBuild(message({ numLUs: 2 }), large, 'ws://x/build');
    FakeSocket.last.serverClose(1009);
    expect(large.onError).toHaveBeenCalledWith(BUILD_REQUEST_TOO_LARGE);

    const lost = handlers();
    openBuild(message({ numLUs: 2 }), lost, 'ws://x/build');
    FakeSocket.last.serverClose(1006);
    expect(lost.onError).toHaveBeenCalledWith(BUILD_CONNECTION_LOST);
    expect(lost.onDone).not.toHaveBeenCalled();
  });
});
