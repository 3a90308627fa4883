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

/**
 * Hands on what was pushed at most once every `ms`: the first push at once, later ones
 * together when the interval ends (nothing is dropped). `flushNow` hands on the rest at once.
 */
export function throttledBatches<T>(ms: number, deliver: (items: T[]) => void) {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deliverPending = () => {
    if (pending.length === 0) return false;
    const items = pending;
    pending = [];
    deliver(items);
    return true;
  };
  // While the timer runs, the interval since the last delivery has not ended.
  const tick = () => {
    timer = deliverPending() ? setTimeout(tick, ms) : null;
  };
  return {
    push(item: T) {
      pending.push(item);
      if (timer === null) tick();
    },
    flushNow() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      deliverPending();
    },
  };
}
