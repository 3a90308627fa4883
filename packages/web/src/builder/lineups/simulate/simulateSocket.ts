// The simulate request on the build socket (docs/api.md "Simulation on the build socket"): one
// message out; {simProgress} messages, then one {simResult}, or {error}. Closing cancels it.
import { buildSocketProtocols, receivedError, receivedWarnings, type BuiltLineup, type SimulationAnswer, type SimulationProgress } from '@stacksmith/domain';
import { buildSocketUrl } from '../../buildSocket';

/** How far the simulation is (the domain's simulationProgressSchema). */
export type SimProgress = SimulationProgress;

/** One lineup's simulated results, entered alone against the field. */
export type SimLineupStats = SimulationAnswer['lineups'][number];

/**
 * The simulation's answer (the domain's simulationAnswerSchema) as the panel takes it: its
 * warnings rendered here from their codes (see openSimulation), and the lineups of a pool build
 * being the builder's own rows echoed back with Run and Slot, the builder's lineups.
 */
export type SimResult = Omit<SimulationAnswer, 'lu' | 'warningCodes'> & { lu?: BuiltLineup[]; warningCodes?: SimulationAnswer['warningCodes'] };

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
