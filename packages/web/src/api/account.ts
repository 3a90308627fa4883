// Account, plan and payment calls (docs/api.md "Auth", "Every call"). Kept beside
// the shared client so the builder's calls and these change independently.
import type { AccountInfoReply, CardInput, PasswordChangeReply } from '@stacksmith/domain';
import { request, type Subscription } from './client';

export interface PlanInfo {
  name: string;
  price: number;
  yearly_price: number;
  permissions: Record<string, boolean | number>;
  lineup_limit: number;
}

export interface SubscribePayload {
  planName: string;
  promo?: string;
  yearly?: boolean;
  card?: CardInput;
}

export const accountApi = {
  plans: () => request<{ plans: PlanInfo[]; provider: string }>('GET', '/plans', { auth: false }),
  accountInfo: () => request<AccountInfoReply>('GET', '/account-info'),
  updatePassword: (password: string, newPassword: string) =>
    request<PasswordChangeReply>('POST', '/update-password', { body: { password, new_password: newPassword } }),
  plan: () => request<Subscription>('GET', '/plan'),
  subscribe: (payload: SubscribePayload) =>
    request<{ error: string | null; access_token?: string; subscription?: Subscription }>('POST', '/plan', { body: payload }),
  cancel: () => request<{ error: string | null; subscription?: Subscription }>('POST', '/plan/cancel', { body: {} }),
  updateCard: (newCard: CardInput) =>
    request<{ error: string | null; success?: boolean; brand?: string; last4?: string }>('POST', '/account/update-credit-card', { body: { newCard } }),
  /** No auth: visitors see the plans too. */
  checkPromo: (code: string) => request<{ valid: boolean; percentOff?: number | null }>('GET', `/check-promo/${encodeURIComponent(code)}`, { auth: false }),
};
