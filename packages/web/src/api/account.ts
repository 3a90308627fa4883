// Account, plan and payment calls (docs/api.md "Auth", "Every call"). Kept beside
// the shared client so the builder's calls and these change independently.
import type {
  AccountInfoReply, CardChangeReply, CardInput, PasswordChangeReply, PlanCancelReply, PlanCatalogueReply, PlanChangeReply, PromoCheckReply, SubscriptionReply,
} from '@stacksmith/domain';
import { request } from './client';

export interface SubscribePayload {
  planName: string;
  promo?: string;
  yearly?: boolean;
  card?: CardInput;
}

export const accountApi = {
  plans: () => request<PlanCatalogueReply>('GET', '/plans', { auth: false }),
  accountInfo: () => request<AccountInfoReply>('GET', '/account-info'),
  updatePassword: (password: string, newPassword: string) =>
    request<PasswordChangeReply>('POST', '/update-password', { body: { password, new_password: newPassword } }),
  plan: () => request<SubscriptionReply>('GET', '/plan'),
  subscribe: (payload: SubscribePayload) => request<PlanChangeReply>('POST', '/plan', { body: payload }),
  cancel: () => request<PlanCancelReply>('POST', '/plan/cancel', { body: {} }),
  updateCard: (newCard: CardInput) => request<CardChangeReply>('POST', '/account/update-credit-card', { body: { newCard } }),
  /** No auth: visitors see the plans too. */
  checkPromo: (code: string) => request<PromoCheckReply>('GET', `/check-promo/${encodeURIComponent(code)}`, { auth: false }),
};
