// Player status in the builder: a badge by the name (O, IR, NA, SUSP, PPD, NOT SP, Final, In
// Progress red; Q, D, GTD, NOT IN LINEUP orange), a status filter, and one warning per kind of
// exclusion naming its players: those a status excludes and mlb pitchers not listed as starting
// (Max Exp 0 by default, each with Include them to set their Max Exp back), benched hitters
// (flagged), and players whose game the file marks started (new builds leave them out). The
// rules are the domain's (player-status.ts); a single player comes back with the Max Exp edit.
import { Alert, Button, Select, Space, Tag, Tooltip } from 'antd';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, editExposure, excludedByStatusWarning, isExcludedByStatus, playerStatusBadge, sportHasTeams,
  renderMessage, startedPlayerIds, startedPlayersWarning, statusWarnings, type PlayerRow,
} from '@stacksmith/domain';
import { useBuilder } from '../builderStore';
import { useEditPlayers, usePlayers } from '../slateData';

const CAUTION_LABELS = new Set(['Q', 'GTD', 'D', 'NOT IN LINEUP']);

export function StatusBadge({ player }: { player: PlayerRow }) {
  const badge = playerStatusBadge(player);
  if (!badge) return null;
  return (
    <Tooltip title={badge.title} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
      <Tag className="ss-status-badge" color={badge.excluded ? 'red' : CAUTION_LABELS.has(badge.label) ? 'orange' : 'default'} data-testid="status-badge">
        {badge.label}
      </Tag>
    </Tooltip>
  );
}

export type StatusFilterValue = 'all' | 'available' | 'flagged' | 'left-out';

const STATUS_FILTER_OPTIONS: { value: StatusFilterValue; label: string }[] = [
  { value: 'all', label: 'Any status' },
  { value: 'available', label: 'Available' },
  { value: 'flagged', label: 'With a status' },
  { value: 'left-out', label: 'Out or started' },
];

/** Whether a row shows under the status filter: available (no red badge), any badge, or a red one. */
export function passesStatusFilter(player: PlayerRow, filter: StatusFilterValue): boolean {
  if (filter === 'all') return true;
  const badge = playerStatusBadge(player);
  if (filter === 'flagged') return badge !== null;
  const leftOut = badge?.excluded === true;
  return filter === 'left-out' ? leftOut : !leftOut;
}

export function StatusFilter({ value, onChange }: { value: StatusFilterValue; onChange: (value: StatusFilterValue) => void }) {
  return <Select aria-label="Status filter" style={{ minWidth: 140 }} value={value} onChange={onChange} options={STATUS_FILTER_OPTIONS} />;
}

/** Players a status excludes who are still at Max Exp 0 (those of one kind: pitchers not starting, or the rest). */
const stillExcluded = (rows: readonly PlayerRow[], pitchers: boolean) =>
  rows.filter((p) => isExcludedByStatus(p) && p.MaxExp <= 0 && (p.Starting === 'not-starting') === pitchers);

export function StatusWarning() {
  const players = usePlayers();
  const editPlayers = useEditPlayers();
  const sport = useBuilder((s) => s.ref?.sport);
  const excluded = excludedByStatusWarning(players);
  const others = statusWarnings(players).filter((w) => w.code !== 'excluded-by-status');
  // The file's own marks only: the server's clock decides the rest at build time, with its warning.
  const started = startedPlayersWarning(players, startedPlayerIds(players, 0, { practice: true, teams: sport ? sportHasTeams(sport) : true }));
  if (!excluded && others.length === 0 && !started) return null;
  const includeAll = (pitchers: boolean) => editPlayers((rows) => stillExcluded(rows, pitchers).reduce((next, p) => editExposure(next, p.Id, { MaxExp: 100 }), rows));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      {excluded ? (
        <Alert className="ss-status-warning" type="warning" showIcon message={renderMessage(excluded)} data-testid="status-warning"
          action={<Button size="small" onClick={() => includeAll(false)}>Include them</Button>} />
      ) : null}
      {others.map((note) => {
        // Pitchers not starting are excluded (a warning with its Include button); benched hitters only flagged.
        const pitchers = note.code === 'not-starting-pitchers';
        return (
          <Alert key={note.code} type={pitchers ? 'warning' : 'info'} showIcon message={renderMessage(note)} data-testid="status-note"
            action={pitchers ? <Button size="small" onClick={() => includeAll(true)}>Include them</Button> : undefined} />
        );
      })}
      {started ? <Alert type="warning" showIcon message={renderMessage(started)} data-testid="started-warning" /> : null}
    </Space>
  );
}
