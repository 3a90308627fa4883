// Account server state lives in the query cache: the account data (accountKeys) and the
// subscription, which is the plan answer the permissions read too (planQuery). Changes are
// mutations, each with its own pending/failed state and error: the password change, subscribing,
// cancelling, the card change (its error kept apart from the subscription's) and the promo check.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardInput } from '@stacksmith/domain';
import { writeToken } from '../../api/token';
import type { Subscription } from '../../api/client';
import { accountApi, type SubscribePayload } from '../../api/account';
import { planQuery, planQueryKey } from '../../permissions/usePermissions';

export const accountKeys = {
  info: ['account-info'] as const,
};

/** Stale at once: each opening of the account page asks again. */
export const accountInfoQuery = () => queryOptions({ queryKey: accountKeys.info, queryFn: accountApi.accountInfo, staleTime: 0 });

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong');

/** A mutation's outcome as the pages show it: a boolean answer and the error message kept. */
function outcome<Vars>(mutation: { mutateAsync: (vars: Vars) => Promise<unknown>; isPending: boolean; isSuccess: boolean; error: unknown }) {
  return {
    run: (vars: Vars) => mutation.mutateAsync(vars).then(() => true, () => false),
    pending: mutation.isPending,
    done: mutation.isSuccess,
    error: mutation.error ? messageOf(mutation.error) : null,
  };
}

export function useAccountInfo() {
  return useQuery(accountInfoQuery());
}

/** The logged-in user's subscription (the plan answer), asked again when a page showing it opens. */
export function useSubscription(loggedin: boolean): Subscription | null {
  return useQuery({ ...planQuery(loggedin), refetchOnMount: 'always' }).data ?? null;
}

/** The server answers a refused change with 200 and `error`; that is a failure too. */
function ok<T extends { error?: string | null }>(answer: T): T {
  if (answer.error) throw new Error(answer.error);
  return answer;
}

export function useSubscribe() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (payload: SubscribePayload) => accountApi.subscribe(payload).then(ok),
    onSuccess: async (answer) => {
      if (answer.access_token) writeToken(answer.access_token);
      if (answer.subscription) client.setQueryData(planQueryKey(true), answer.subscription);
      await client.invalidateQueries({ queryKey: planQueryKey(true) });
    },
  });
  return { ...outcome(mutation), subscription: mutation.data?.subscription ?? null };
}

export function useCancelSubscription() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => accountApi.cancel().then(ok),
    onSuccess: async (answer) => {
      if (answer.subscription) client.setQueryData(planQueryKey(true), answer.subscription);
      await client.invalidateQueries({ queryKey: planQueryKey(true) });
    },
  });
  return outcome<void>(mutation);
}

/** The card change: on success the subscription shows the new brand and last4 at once. */
export function useUpdateCard() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (card: CardInput) => accountApi.updateCard(card).then(ok),
    onSuccess: (answer) => {
      client.setQueryData(planQueryKey(true), (sub) => (sub ? { ...sub, brand: answer.brand ?? null, last4: answer.last4 ?? null } : sub));
    },
  });
  return outcome(mutation);
}

export function useUpdatePassword() {
  const mutation = useMutation({
    mutationFn: async ({ password, newPassword }: { password: string; newPassword: string }) => {
      const answer = await accountApi.updatePassword(password, newPassword);
      // A refusal is a 4xx (thrown with its message); a 200 that is not a success is one too.
      if (!answer.success) throw new Error('The password was not changed');
      return answer;
    },
    // The change ends every other session; this one continues on the fresh token.
    onSuccess: (answer) => {
      writeToken(answer.access_token);
    },
  });
  return outcome(mutation);
}

export interface PromoCheck {
  code: string;
  valid: boolean;
  percentOff: number | null;
}

/** Checks a promo code; the last answer stays (a failed call counts as invalid). */
export function useCheckPromo() {
  const mutation = useMutation({
    mutationFn: async (raw: string): Promise<PromoCheck> => {
      const code = raw.trim();
      try {
        const { valid, percentOff } = await accountApi.checkPromo(code);
        return { code, valid: Boolean(valid), percentOff: valid ? percentOff ?? null : null };
      } catch {
        return { code, valid: false, percentOff: null };
      }
    },
  });
  return { check: (code: string) => mutation.mutateAsync(code).then((promo) => promo.valid), promo: mutation.data ?? null };
}
