// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_NUMBER_INVALID, TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { useAccount } from './accountStore';

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

describe('the account store', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAccount.getState().reset();
    localStorage.clear();
  });

  it('keeps a card change error in its own state, apart from the subscription, until a change succeeds', async () => {
    useAccount.setState({ subscription: { plan_name: 'Pro', last4: '1111', brand: 'Visa' }, status: 'received' });
    const calls = answer([400, { error: CARD_NUMBER_INVALID }], [200, { error: null, success: true, brand: 'Mastercard', last4: '4444' }]);
    const failed = useAccount.getState().updateCard(VISA);
    expect(useAccount.getState().cardStatus).toBe('updating');
    expect(await failed).toBe(false);
    expect(useAccount.getState()).toMatchObject({ cardStatus: 'failed', cardError: CARD_NUMBER_INVALID, status: 'received', error: null });
    expect(calls[0]).toMatchObject({ url: '/api/account/update-credit-card', body: { newCard: VISA } });
    expect(await useAccount.getState().updateCard(VISA)).toBe(true);
    expect(useAccount.getState()).toMatchObject({ cardStatus: 'updated', cardError: null, subscription: { plan_name: 'Pro', brand: 'Mastercard', last4: '4444' } });
  });

  it('saves a subscription (storing the fresh token) or keeps the error with a failed state', async () => {
    answer([400, { error: 'Invalid promo code' }], [200, { error: null, access_token: 'fresh', subscription: { plan_name: 'Elite', price: 39.99 } }]);
    expect(await useAccount.getState().subscribe({ planName: 'Elite', promo: 'NOPE' })).toBe(false);
    expect(useAccount.getState()).toMatchObject({ status: 'failed', error: 'Invalid promo code' });
    expect(await useAccount.getState().subscribe({ planName: 'Elite', card: VISA })).toBe(true);
    expect(useAccount.getState()).toMatchObject({ status: 'saved', error: null, subscription: { plan_name: 'Elite' } });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('flags a password change as failed on an error answer, saved otherwise (keeping the session on the fresh token), and checks promo codes', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'before-the-change');
    answer([400, { error: 'The current password is wrong' }], [200, { success: true, access_token: 'after-the-change' }], [200, { valid: true, percentOff: 20 }], [200, { valid: false, percentOff: null }]);
    expect(await useAccount.getState().updatePassword('bad', 'new-password')).toBe(false);
    expect(useAccount.getState()).toMatchObject({ passwordStatus: 'failed', passwordError: 'The current password is wrong' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('before-the-change');
    expect(await useAccount.getState().updatePassword('good', 'new-password')).toBe(true);
    expect(useAccount.getState().passwordStatus).toBe('saved');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('after-the-change');
    expect(await useAccount.getState().checkPromo(' welcome20 ')).toBe(true);
    expect(useAccount.getState().promo).toEqual({ code: 'welcome20', valid: true, percentOff: 20 });
    expect(await useAccount.getState().checkPromo('NOPE')).toBe(false);
    expect(useAccount.getState().promo).toEqual({ code: 'NOPE', valid: false, percentOff: null });
  });
});
