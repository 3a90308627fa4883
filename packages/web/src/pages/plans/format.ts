import { PERMISSIONS, PERMISSION_LABELS, displayDate, type PermissionKey } from '@stacksmith/domain';

export const formatPrice = (price: number) => (price === 0 ? '$0' : `$${price.toFixed(2).replace(/\.00$/, '')}`);
export const periodLabel = (yearly: boolean) => (yearly ? 'year' : 'month');

/** A date of the subscription as "Dec 30, 2026", or null (the pages' one date format, domain time.ts). */
export const formatDate = (iso: string | null | undefined): string | null => displayDate(iso);

/** The features a plan card lists: every key but the lineup limit, with its label. */
export const FEATURE_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key).filter((k) => k !== 'opt.nfl.lineup_limit');
export const featureLabel = (key: PermissionKey) => PERMISSION_LABELS[key].charAt(0).toUpperCase() + PERMISSION_LABELS[key].slice(1);
