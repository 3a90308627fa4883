// The state of an upload that goes to the server (a salary file, projections, an entries
// file): busy while it runs, and the error to show in the dialog (also logged to the console).
import { useCallback, useState } from 'react';

export function useFileTask() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      console.error(e);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
