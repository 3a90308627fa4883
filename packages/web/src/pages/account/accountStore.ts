// Account state: account data, the password
// change (new → saved | failed), the subscription (fetch → received; update → saving → saved |
// failed), the card change as its own updating state with its error kept, and the promo check.
import { create } from 'zustand';
import type { CardInput } from '@stacksmith/domain';
import { writeToken } from '../../api/token';
import type { Subscription } from '../../api/client';
import { accountApi, type AccountInfo, type SubscribePayload } from '../../api/account';

export type SubscriptionStatus = 'idle' | 'fetching' | 'received' | 'saving' | 'saved' | 'failed';
export type CardStatus = 'idle' | 'updating' | 'updated' | 'failed';
export type PasswordStatus = 'idle' | 'new' | 'saved' | 'failed';

export interface AccountState {
  data: AccountInfo | null;
  subscription: Subscription | null;
  status: SubscriptionStatus;
  /** The last subscription save error, kept and shown. */
  error: string | null;
  cardStatus: CardStatus;
  /** The last card change error, kept and shown until the next change succeeds. */
  cardError: string | null;
  passwordStatus: PasswordStatus;
  passwordError: string | null;
  /** The promo check answer for `promoCode` (null before a check). */
  promo: { code: string; valid: boolean; percentOff: number | null } | null;
  fetchAccount: () => Promise<void>;
  fetchSubscription: () => Promise<void>;
  subscribe: (payload: SubscribePayload) => Promise<boolean>;
  cancel: () => Promise<boolean>;
  updateCard: (card: CardInput) => Promise<boolean>;
  updatePassword: (password: string, newPassword: string) => Promise<boolean>;
  checkPromo: (code: string) => Promise<boolean>;
  reset: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong');

const initial = {
  data: null, subscription: null, status: 'idle' as SubscriptionStatus, error: null, cardStatus: 'idle' as CardStatus, cardError: null,
  passwordStatus: 'idle' as PasswordStatus, passwordError: null, promo: null,
};

export const useAccount = create<AccountState>((set) => ({
  ...initial,
  async fetchAccount() {
    try {
      set({ data: await accountApi.accountInfo() });
    } catch {
      set({ data: null });
    }
  },
  async fetchSubscription() {
    set({ status: 'fetching' });
    try {
      set({ subscription: await accountApi.plan(), status: 'received' });
    } catch (error) {
      set({ status: 'failed', error: messageOf(error) });
    }
  },
  async subscribe(payload) {
    set({ status: 'saving', error: null });
    try {
      const answer = await accountApi.subscribe(payload);
      if (answer.error) throw new Error(answer.error);
      if (answer.access_token) writeToken(answer.access_token);
      set({ status: 'saved', subscription: answer.subscription ?? null });
      return true;
    } catch (error) {
      set({ status: 'failed', error: messageOf(error) });
      return false;
    }
  },
  async cancel() {
    set({ status: 'saving', error: null });
    try {
      const answer = await accountApi.cancel();
      if (answer.error) throw new Error(answer.error);
      set({ status: 'saved', subscription: answer.subscription ?? null });
      return true;
    } catch (error) {
      set({ status: 'failed', error: messageOf(error) });
      return false;
    }
  },
  async updateCard(card) {
    set({ cardStatus: 'updating' });
    try {
      const answer = await accountApi.updateCard(card);
      if (answer.error) throw new Error(answer.error);
      set((state) => ({
        cardStatus: 'updated', cardError: null,
        subscription: state.subscription ? { ...state.subscription, brand: answer.brand ?? null, last4: answer.last4 ?? null } : state.subscription,
      }));
      return true;
    } catch (error) {
      set({ cardStatus: 'failed', cardError: messageOf(error) });
      return false;
    }
  },
  async updatePassword(password, newPassword) {
    set({ passwordStatus: 'new', passwordError: null });
    try {
      const answer = await accountApi.updatePassword(password, newPassword);
      // A field error means failure, even in a 200 answer.
      if (answer.error || answer.success === false) throw new Error(answer.error ?? 'The password was not changed');
      // The change ends every other session; this one continues on the fresh token.
      if (answer.access_token) writeToken(answer.access_token);
      set({ passwordStatus: 'saved' });
      return true;
    } catch (error) {
      set({ passwordStatus: 'failed', passwordError: messageOf(error) });
      return false;
    }
  },
  async checkPromo(code) {
    try {
      const { valid, percentOff } = await accountApi.checkPromo(code.trim());
      set({ promo: { code: code.trim(), valid: Boolean(valid), percentOff: valid ? percentOff ?? null : null } });
      return Boolean(valid);
    } catch {
      set({ promo: { code: code.trim(), valid: false, percentOff: null } });
      return false;
    }
  },
  reset() {
    set(initial);
  },
}));
