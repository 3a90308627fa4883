import { coded, renderMessage } from '@stacksmith/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fakeSocket';
import { openSimulation, type SimResult } from './simulateSocket';

const result: SimResult = {
  simulations: 100, contest: { name: 'GPP', fieldSize: 100, entryFee: 5, maxEntriesPerUser: 150, paidPlaces: 22, topPrize: 50 },
  lineups: [], portfolio: null, warnings: [],
};

describe('the simulate request on the build socket', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one simulate message, reports progress, then the result once', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onProgress = vi.fn();
    const onResult = vi.fn();
    const onError = vi.fn();
    openSimulation({ sport: 'nfl', lineups: [['1']] }, { onProgress, onResult, onError }, 'ws://test/build');
    const socket = FakeSocket.last;
    socket.onopen?.();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ sport: 'nfl', lineups: [['1']], type: 'simulate' });
    socket.serve({ simProgress: { phase: 'simulate', done: 50, total: 100 } });
    socket.serve({ simResult: result });
    socket.serverClose();
    expect(onProgress).toHaveBeenCalledWith({ phase: 'simulate', done: 50, total: 100 });
    expect(onResult).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it('shows the result\'s warnings rendered from their codes, the server\'s text only for a code it does not know', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onResult = vi.fn();
    openSimulation({}, { onProgress: () => undefined, onResult, onError: () => undefined }, 'ws://test/build');
    const alone = coded('simulated-alone', { lineups: 3, maxEntries: 150 });
    FakeSocket.last.serve({ simResult: {
      ...result, warnings: ['an older wording', 'a warning of a newer server'], warningCodes: [alone, { code: 'newer-code', params: {} }],
    } });
    expect(onResult).toHaveBeenCalledOnce();
    expect((onResult.mock.calls[0]![0] as SimResult).warnings).toEqual([renderMessage(alone), 'a warning of a newer server']);
  });

  it('renders a coded error from its code', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onError = vi.fn();
    openSimulation({}, { onProgress: () => undefined, onResult: () => undefined, onError }, 'ws://test/build');
    FakeSocket.last.serve({ error: 'an older wording', code: 'jobs-busy', params: {} });
    expect(onError).toHaveBeenCalledWith(renderMessage(coded('jobs-busy', {})));
  });

  it('reports the server\'s error, a broken answer, or a close before the result', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const errors: string[] = [];
    const handlers = { onProgress: () => undefined, onResult: () => undefined, onError: (m: string) => errors.push(m) };
    openSimulation({}, handlers, 'ws://test/build');
    FakeSocket.last.serve({ error: 'Bad simulation request: simulations: too small' });
    openSimulation({}, handlers, 'ws://test/build');
    FakeSocket.last.onmessage?.({ data: 'not json' });
    openSimulation({}, handlers, 'ws://test/build');
    FakeSocket.last.serverClose(1006);
    expect(errors).toEqual([
      'Bad simulation request: simulations: too small',
      'The simulation answer could not be read.',
      'The simulation stopped before its results came.',
    ]);
  });

  it('stays silent after a cancel', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onError = vi.fn();
    const connection = openSimulation({}, { onProgress: () => undefined, onResult: () => undefined, onError }, 'ws://test/build');
    connection.cancel();
    expect(FakeSocket.last.closed).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });
});
