import type { PermissionKey } from '@stacksmith/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useAuth } from '../auth/session';
import { granted, permissionsOverride, type Grants } from './permissions';

/** The plan query; the key is shared with the builder's lineup limit so both read one answer. */
export const planQueryKey = (loggedin: boolean) => ['plan', loggedin] as const;

/** The user's plan answer (also the subscription of the account and plans pages). */
export const planQuery = (loggedin: boolean) => queryOptions({ queryKey: planQueryKey(loggedin), queryFn: api.plan, enabled: loggedin, retry: false });

/** The current user's grants: the plan's permissions, admin, and the override flag. */
export function usePermissions(): Grants & { has: (key: PermissionKey) => boolean; loading: boolean } {
  const { loggedin, admin } = useAuth();
  const plan = useQuery(planQuery(loggedin));
  const grants: Grants = { permissions: loggedin ? plan.data?.permissions ?? null : null, admin, override: permissionsOverride() };
  return { ...grants, has: (key) => granted(grants, key), loading: loggedin && plan.isLoading };
}

/** Whether the current user's plan (or admin, or the override flag) grants one key. */
export function usePermission(key: PermissionKey): boolean {
  return usePermissions().has(key);
}
