// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { CARD_NUMBER_INVALID, TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { planQueryKey } from '../../permissions/usePermissions';
import { testQueryClient, withClient } from '../../test/queryClient';
import { useCheckPromo, useSubscribe, useUpdateCard, useUpdatePassword } from './account';

/** Answers each call in turn with a status and a JSON body. */
function answer(...replies: [number, unknown][]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = replies.shift() ?? [500, {}];
    return new Response(JSON.stringify(body), { status });
  }));
  return calls;
}

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2040 };

describe('account changes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps a card change error in its own state, apart from the subscription, until a change succeeds', async () => {
    const client = testQueryClient();
    client.setQueryData(planQueryKey(true), { plan_name: 'Pro', last4: '1111', brand: 'Visa' });
    const calls = answer([400, { error: CARD_NUMBER_INVALID }], [200, { error: null, success: true, brand: 'Mastercard', last4: '4444' }]);
    const { result } = renderHook(() => useUpdateCard(), { wrapper: withClient(client) });
    let failed: Promise<boolean> = Promise.resolve(true);
    act(() => { failed = result.current.run(VISA); });
    await waitFor(() => expect(result.current.pending).toBe(true));
    expect(await act(() => failed)).toBe(false);
    expect(result.current).toMatchObject({ pending: false, done: false, error: CARD_NUMBER_INVALID });
    expect(client.getQueryData(planQueryKey(true))).toEqual({ plan_name: 'Pro', last4: '1111', brand: 'Visa' });
    expect(calls[0]).toMatchObject({ url: '/api/account/update-credit-card', body: { newCard: VISA } });
    expect(await act(() => result.current.run(VISA))).toBe(true);
    expect(result.current).toMatchObject({ done: true, error: null });
    expect(client.getQueryData(planQueryKey(true))).toEqual({ plan_name: 'Pro', brand: 'Mastercard', last4: '4444' });
  });

  it('saves a subscription (storing the fresh token) or keeps the error with a failed state', async () => {
    const client = testQueryClient();
    answer([400, { error: 'Invalid promo code' }], [200, { error: null, access_token: 'fresh', subscription: { plan_name: 'Elite', price: 39.99 } }], [200, { plan_name: 'Elite', price: 39.99 }]);
    const { result } = renderHook(() => useSubscribe(), { wrapper: withClient(client) });
    expect(await act(() => result.current.run({ planName: 'Elite', promo: 'NOPE' }))).toBe(false);
    expect(result.current).toMatchObject({ error: 'Invalid promo code', done: false });
    expect(await act(() => result.current.run({ planName: 'Elite', card: VISA }))).toBe(true);
    expect(result.current).toMatchObject({ done: true, error: null, subscription: { plan_name: 'Elite' } });
    expect(client.getQueryData(planQueryKey(true))).toMatchObject({ plan_name: 'Elite' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('flags a password change as failed on an error answer, saved otherwise (keeping the session on the fresh token), and checks promo codes', async () => {
    const client = testQueryClient();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'before-the-change');
    answer([400, { error: 'The current password is wrong' }], [200, { success: true, access_token: 'after-the-change' }], [200, { valid: true, percentOff: 20 }], [200, { valid: false, percentOff: null }]);
    const { result } = renderHook(() => ({ password: useUpdatePassword(), promo: useCheckPromo() }), { wrapper: withClient(client) });
    expect(await act(() => result.current.password.run({ password: 'bad', newPassword: 'new-password' }))).toBe(false);
    expect(result.current.password).toMatchObject({ done: false, error: 'The current password is wrong' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('before-the-change');
    expect(await act(() => result.current.password.run({ password: 'good', newPassword: 'new-password' }))).toBe(true);
    expect(result.current.password.done).toBe(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('after-the-change');
    expect(await act(() => result.current.promo.check(' welcome20 '))).toBe(true);
    expect(result.current.promo.promo).toEqual({ code: 'welcome20', valid: true, percentOff: 20 });
    expect(await act(() => result.current.promo.check('NOPE'))).toBe(false);
    expect(result.current.promo.promo).toEqual({ code: 'NOPE', valid: false, percentOff: null });
  });
});
