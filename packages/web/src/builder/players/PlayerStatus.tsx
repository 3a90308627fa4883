// Player status in the builder (issue 20 item 2): a badge by the name (O, IR, NA, SUSP, PPD,
// Q, D...), and one warning naming the players a status still excludes (Max Exp 0 by
// default), with Include them to set their Max Exp back. The rules are the domain's
// (player-status.ts); a single player comes back with the ordinary Max Exp edit.
import { Alert, Button, Tag, Tooltip } from 'antd';
import { TOOLTIP_HOVER_DELAY_SECONDS, editExposure, excludedByStatusWarning, isExcludedByStatus, playerStatusBadge, type PlayerRow } from '@stacksmith/domain';
import { useBuilder } from '../builderStore';

export function StatusBadge({ player }: { player: PlayerRow }) {
  const badge = playerStatusBadge(player);
  if (!badge) return null;
  return (
    <Tooltip title={badge.title} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
      <Tag className="ss-status-badge" color={badge.excluded ? 'red' : badge.label === 'Q' || badge.label === 'GTD' || badge.label === 'D' ? 'orange' : 'default'} data-testid="status-badge">
        {badge.label}
      </Tag>
    </Tooltip>
  );
}

/** Players a status excludes who are still at Max Exp 0. */
const stillExcluded = (rows: readonly PlayerRow[]) => rows.filter((p) => isExcludedByStatus(p) && p.MaxExp <= 0);

export function StatusWarning() {
  const players = useBuilder((s) => s.players.data);
  const editPlayers = useBuilder((s) => s.editPlayers);
  const warning = excludedByStatusWarning(players);
  if (!warning) return null;
  const includeAll = () => editPlayers((rows) => stillExcluded(rows).reduce((next, p) => editExposure(next, p.Id, { MaxExp: 100 }), rows));
  return (
    <Alert
      className="ss-status-warning"
      type="warning"
      showIcon
      message={warning}
      data-testid="status-warning"
      action={<Button size="small" onClick={includeAll}>Include them</Button>}
    />
  );
}
