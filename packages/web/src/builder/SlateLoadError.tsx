// A slate address that leads nowhere (an unknown slate name, week or date) says so at the top
// of the builder, with the way out, instead of an empty table.
import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import { SITE_NAMES, displayDate } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { usePlayersStatus } from './slateData';

export function slateDescription(slate: SlateRef): string {
  const when = slate.sport === 'nfl' ? `week ${slate.counter}, ${slate.season}` : displayDate(String(slate.counter)) ?? String(slate.counter);
  return `the ${slate.sport.toUpperCase()} ${SITE_NAMES[slate.site]} ${slate.contestType} slate "${slate.slate}" of ${when}`;
}

export function SlateLoadError({ slate }: { slate: SlateRef }) {
  const failed = usePlayersStatus().failedLoading;
  if (!failed) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="ss-slate-error"
      data-testid="slate-error"
      message="This slate could not be loaded"
      description={<>We have no players for {slateDescription(slate)}. Pick another slate, week or date above, or open the <Link to={`/optimizer/${slate.sport}/${slate.site}`}>default {SITE_NAMES[slate.site]} slate</Link>.</>}
    />
  );
}
