// The throttle that hands a build's batches to the store: the first at once, the rest a few
// times a second, nothing lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledBatches } from './debounce';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('throttledBatches', () => {
  it('hands on the first item at once and the next ones together when the interval ends', () => {
    const delivered: number[][] = [];
    const t = throttledBatches<number>(250, (items) => delivered.push(items));
    t.push(1);
    expect(delivered).toEqual([[1]]);
    t.push(2);
    t.push(3);
    vi.advanceTimersByTime(249);
    expect(delivered).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([[1], [2, 3]]);
    // A quiet interval ends the throttle: the next push goes at once again.
    vi.advanceTimersByTime(250);
    t.push(4);
    expect(delivered).toEqual([[1], [2, 3], [4]]);
  });

  it('flushes what is waiting at once, and nothing twice', () => {
    const delivered: number[][] = [];
    const t = throttledBatches<number>(250, (items) => delivered.push(items));
    t.push(1);
    t.push(2);
    t.flushNow();
    expect(delivered).toEqual([[1], [2]]);
    vi.advanceTimersByTime(1000);
    t.flushNow();
    expect(delivered).toEqual([[1], [2]]);
  });
});
