// Both CLIs (the optimizer's and the server's) run their main only when node was started
// with them, not when a test imports them.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` (its import.meta.url) is the program node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
