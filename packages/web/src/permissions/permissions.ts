// Permission gating in the page: whether a value shows, is blurred (a few first
// rows left clear) or is replaced by a lock. The server refuses the same keys with 403.
import { GATED_CLEAR_ROWS, PERMISSIONS_OVERRIDE_STORAGE_KEY, hasPermission, type PermissionKey, type Permissions } from '@stacksmith/domain';

/** The dev/override flag: VITE_PERMISSIONS_OVERRIDE=true at build time, or the local key set to 1. */
export function permissionsOverride(): boolean {
  if (import.meta.env.VITE_PERMISSIONS_OVERRIDE === 'true') return true;
  try {
    return localStorage.getItem(PERMISSIONS_OVERRIDE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export interface Grants {
  permissions: Permissions;
  admin: boolean;
  override: boolean;
}

export function granted(grants: Grants, key: PermissionKey): boolean {
  return grants.admin || hasPermission(grants.permissions, key, { override: grants.override });
}

/** How a gated table cell shows: clear when granted or among the first clear rows, else blurred. */
export function cellMode(grants: Grants, key: PermissionKey, rowIndex: number, clearRows = GATED_CLEAR_ROWS): 'clear' | 'blurred' {
  return granted(grants, key) || rowIndex < clearRows ? 'clear' : 'blurred';
}
