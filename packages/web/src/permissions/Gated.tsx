import type { ReactNode } from 'react';
import { Button, Result, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PERMISSION_LABELS, TOOLTIP_HOVER_DELAY_SECONDS, UPGRADE_FOR_THIS_FEATURE, type PermissionKey } from '@stacksmith/domain';
import { Link } from 'react-router-dom';
import { cellMode, type Grants } from './permissions';
import { usePermissions } from './usePermissions';

/** A stand-in shown blurred, so the real value never reaches the page without the permission. */
const PLACEHOLDER = '88.8';

/**
 * A table value behind a permission: clear when granted or within the first clear rows,
 * otherwise a blurred stand-in with the tooltip 'Upgrade for this feature'.
 */
export function GatedValue({ permission, rowIndex, children, withheld = false }: {
  permission: PermissionKey; rowIndex: number; children: ReactNode;
  /** The server left the value out (the plan lacks it): always the stand-in, whatever the row. */
  withheld?: boolean;
}) {
  const grants = usePermissions();
  return gatedCell(grants, permission, rowIndex, children, withheld);
}

/**
 * GatedValue for a table that reads the grants once: the hook in each of a page of cells
 * subscribed a plan query per cell.
 */
export function gatedCell(grants: Grants, permission: PermissionKey, rowIndex: number, children: ReactNode, withheld = false): ReactNode {
  if (!withheld && cellMode(grants, permission, rowIndex) === 'clear') return children;
  return (
    <Tooltip title={UPGRADE_FOR_THIS_FEATURE} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
      <Link to="/plans" className="ss-blurred" data-gated={permission} aria-label={UPGRADE_FOR_THIS_FEATURE}>{PLACEHOLDER}</Link>
    </Tooltip>
  );
}

/** A lock icon with the tooltip 'Upgrade for this feature', linking to the plans. */
export function UpgradeLock({ permission }: { permission: PermissionKey }) {
  return (
    <Tooltip title={UPGRADE_FOR_THIS_FEATURE} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
      <Link to="/plans" className="ss-lock" data-gated={permission} aria-label={UPGRADE_FOR_THIS_FEATURE}><LockOutlined /></Link>
    </Tooltip>
  );
}

/** Children when the permission is granted, otherwise the lock (or the given fallback). */
export function RequirePermission({ permission, children, fallback }: { permission: PermissionKey; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermissions();
  return <>{has(permission) ? children : fallback ?? <UpgradeLock permission={permission} />}</>;
}

/** A panel in place of a feature the plan lacks: what it is, and the way to the plans. */
export function UpgradeNotice({ permission }: { permission: PermissionKey }) {
  return (
    <Result
      className="ss-upgrade"
      icon={<LockOutlined />}
      title={UPGRADE_FOR_THIS_FEATURE}
      subTitle={`Your plan does not include ${PERMISSION_LABELS[permission]}.`}
      extra={<Link to="/plans"><Button type="primary">See plans</Button></Link>}
    />
  );
}

/**
 * A value the user computed themselves (their own build's analysis) blurred without the
 * permission; `clear` leaves it readable (the first rows).
 */
export function Blurred({ locked, clear = false, children }: { locked: boolean; clear?: boolean; children: ReactNode }) {
  if (!locked || clear) return <>{children}</>;
  return <span className="ss-blur" aria-hidden="true" data-testid="blurred">{children}</span>;
}
