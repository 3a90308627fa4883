import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAY_MS } from '@stacksmith/domain';
import { createQueryClient } from './queryClient';

afterEach(() => {
  vi.useRealTimers();
});

describe('background fetches', () => {
  it('retry a failed fetch after 3000 ms, not sooner', async () => {
    vi.useFakeTimers();
    expect(RETRY_DELAY_MS).toBe(3000);
    const queryFn = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('players');
    const result = createQueryClient().fetchQuery({ queryKey: ['players'], queryFn });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('players');
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
