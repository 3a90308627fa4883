// The simulate request on the build socket (docs/api.md "Simulation on the build socket"): one
// message out; {simProgress} messages, then one {simResult}, or {error}. Closing cancels it.
import { buildSocketProtocols, receivedError, receivedWarnings, type BuiltLineup, type CodedMessage } from '@stacksmith/domain';
import { buildSocketUrl } from '../../buildSocket';

export interface SimProgress {
  phase: 'build' | 'simulate' | 'select' | 'evaluate';
  done: number;
  total: number;
}

export interface SimLineupStats {
  roi: number; roiSe: number; win: number; top1: number; cash: number; duplicates: number; meanPayout: number;
}

export interface SimPortfolio {
  entries: number; cost: number; meanProfit: number; profitSe: number; roi: number; roiSe: number; pLoss: number;
  top1: number; top1Se: number; cash: number; cashSe: number;
  histogram: { edges: number[]; counts: number[] };
}

export interface SimResult {
  simulations: number;
  contest: { name: string; fieldSize: number; entryFee: number; maxEntriesPerUser: number; paidPlaces: number; topPrize: number };
  lineups: SimLineupStats[];
  portfolio: SimPortfolio | null;
  selected?: number[];
  lu?: BuiltLineup[];
  /** After "Select best N": the plain build's N on the same fresh simulations, and the chosen entries' ROI over it. */
  plain?: { roi: number; roiSe: number };
  edge?: { roi: number; roiSe: number };
  /** The projection error the simulation assumed (a fraction). */
  projectionError?: number;
  /** The warnings' texts: as received, then rendered here from warningCodes (see openSimulation). */
  warnings: string[];
  /** The same warnings as {code, params}, in the order of `warnings`. */
  warningCodes?: CodedMessage[];
}

export interface SimHandlers {
  onProgress: (progress: SimProgress) => void;
  onResult: (result: SimResult) => void;
  onError: (message: string) => void;
}

export function openSimulation(message: { token?: string | null; [key: string]: unknown }, handlers: SimHandlers, url = buildSocketUrl()): { cancel: () => void } {
  // The token goes with the connection (the build socket reads none from the message).
  const socket = new WebSocket(url, buildSocketProtocols(message.token));
  let finished = false;
  const finish = (fn: () => void) => {
    if (finished) return;
    finished = true;
    fn();
  };
  socket.onopen = () => socket.send(JSON.stringify({ ...message, type: 'simulate' }));
  socket.onmessage = (event) => {
    if (finished) return;
    let data: { simProgress?: SimProgress; simResult?: SimResult; error?: string; code?: string; params?: unknown };
    try {
      data = JSON.parse(String(event.data));
    } catch {
      finish(() => handlers.onError('The simulation answer could not be read.'));
      socket.close();
      return;
    }
    const result = data.simResult;
    if (data.error) finish(() => handlers.onError(receivedError(data)));
    // The warnings are shown as rendered here from their codes, as the build's are.
    else if (result) finish(() => handlers.onResult({ ...result, warnings: receivedWarnings(result) }));
    else if (data.simProgress) handlers.onProgress(data.simProgress);
  };
  socket.onerror = () => finish(() => handlers.onError('The simulation connection failed.'));
  socket.onclose = () => finish(() => handlers.onError('The simulation stopped before its results came.'));
  return {
    cancel: () => {
      finished = true;
      socket.close();
    },
  };
}
