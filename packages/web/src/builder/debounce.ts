/**
 * Collects values per key and flushes them together after `ms` of quiet, as the spec's
 * debounced saves do (250 ms). Later values of the same id replace earlier ones.
 */
export function keyedDebouncer<T extends { Id: string }>(ms: number, flush: (rows: T[]) => void) {
  let pending = new Map<string, T>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    const rows = [...pending.values()];
    pending = new Map();
    if (rows.length > 0) flush(rows);
  };
  return {
    push(rows: readonly T[]) {
      for (const row of rows) pending.set(row.Id, row);
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flushNow() {
      if (timer) clearTimeout(timer);
      run();
    },
  };
}

/** The last value wins after `ms` of quiet. */
export function debounced<T>(ms: number, flush: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: T | undefined;
  return {
    push(value: T) {
      last = value;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        flush(last as T);
      }, ms);
    },
  };
}
