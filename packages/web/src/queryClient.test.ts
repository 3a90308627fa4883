import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAY_MS } from '@stacksmith/domain';
import { ApiError } from './api/client';
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

  it('answer a 4xx at once, without retrying: the server has said the thing is not there', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn().mockRejectedValue(new ApiError(404, 'unable to fetch players'));
    const result = createQueryClient().fetchQuery({ queryKey: ['players'], queryFn });
    const settled = expect(result).rejects.toMatchObject({ status: 404 });
    await vi.advanceTimersByTimeAsync(0);
    await settled;
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('still retry a server error twice', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn().mockRejectedValue(new ApiError(503, 'busy'));
    const result = createQueryClient().fetchQuery({ queryKey: ['players'], queryFn });
    const settled = expect(result).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await settled;
    expect(queryFn).toHaveBeenCalledTimes(3);
  });
});
