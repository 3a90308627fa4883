// The build's lineups as one sortable, filterable table (one row a lineup, one column a roster
// slot): points, salary, total ownership and the team stack, a "contains player" filter, and
// per lineup re-build, lock and remove. A row click opens the lineup's detail. Other panels add
// their own per-lineup columns (e.g. simulation ROI and win %) through `extraColumns`.
import { memo, useMemo } from 'react';
import { Button, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, LockFilled, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, lineupStack, lineupTotals,
  type BuiltLineup, type LineupStack, type RosterSpec,
} from '@stacksmith/domain';
import { formatNumber } from '../players/EditCells';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

export interface LineupTableRow {
  key: string;
  run: number;
  lineup: BuiltLineup;
  points: number;
  salary: number;
  ownership: number;
  stack: LineupStack;
  saved: boolean;
  locked: boolean;
}

// A lineup's row stays the same object while the lineup and its flags do, so the table's cells
// (shouldCellUpdate below) re-render only for the lineups a build batch adds or an action changes.
const rowCache = new WeakMap<BuiltLineup, LineupTableRow>();

export function lineupTableRows(lineups: readonly BuiltLineup[], savedHashes: ReadonlySet<string>, lockedHashes: ReadonlySet<string>): LineupTableRow[] {
  return lineups.map((lineup, i) => {
    const cached = rowCache.get(lineup);
    if (cached && cached.saved === savedHashes.has(lineup.lineupHash) && cached.locked === lockedHashes.has(lineup.lineupHash)) return cached;
    const totals = lineupTotals(lineup.rawTable);
    const row: LineupTableRow = {
      key: `${lineup.rawTable[0]?.Run ?? i + 1}-${lineup.lineupHash}`,
      run: lineup.rawTable[0]?.Run ?? i + 1,
      lineup,
      points: totals.points,
      salary: totals.salary,
      ownership: totals.ownership,
      stack: lineupStack(lineup.rawTable),
      saved: savedHashes.has(lineup.lineupHash),
      locked: lockedHashes.has(lineup.lineupHash),
    };
    rowCache.set(lineup, row);
    return row;
  });
}

const rowChanged = (record: LineupTableRow, previous: LineupTableRow) => record !== previous;

export interface LineupActions {
  onOpen: (row: LineupTableRow) => void;
  onRebuild: (run: number) => void;
  onToggleLock: (lineup: BuiltLineup) => void;
  onRemove: (lineup: BuiltLineup) => void;
  /** Which run is being re-built, if any. */
  rebuilding: number | null;
  /** Re-build needs a login and no build running. */
  canRebuild: boolean;
  /** Lock and remove work on a build's result, not on saved lineups shown before any build. */
  canEdit: boolean;
}

/** Lineups holding every one of the picked players. */
export function filterByPlayers(rows: readonly LineupTableRow[], playerIds: readonly string[]): LineupTableRow[] {
  if (playerIds.length === 0) return [...rows];
  return rows.filter((r) => playerIds.every((id) => r.lineup.rawTable.some((p) => p.Id === id)));
}

export const LineupsTable = memo(function LineupsTable({ rows, roster, actions, extraColumns = [], playerFilter, onPlayerFilter, playerOptions }: {
  rows: LineupTableRow[];
  roster: RosterSpec;
  actions: LineupActions;
  extraColumns?: ColumnsType<LineupTableRow>;
  playerFilter: string[];
  onPlayerFilter: (ids: string[]) => void;
  playerOptions: { value: string; label: string }[];
}) {
  const shown = useMemo(() => filterByPlayers(rows, playerFilter), [rows, playerFilter]);
  const stackTeams = useMemo(() => [...new Set(rows.map((r) => r.stack.team || 'No stack'))].sort(), [rows]);
  const { onOpen, onRebuild, onToggleLock, onRemove, rebuilding, canRebuild, canEdit } = actions;

  const dataColumns: ColumnsType<LineupTableRow> = [
    {
      title: '#', dataIndex: 'run', key: 'run', width: 64, fixed: 'left', sorter: (a, b) => a.run - b.run,
      render: (run: number, r) => (
        <span className="ss-lineup-run">
          {run}
          {r.locked ? <LockFilled className="ss-lineup-locked" aria-label={`Lineup ${run} locked`} /> : null}
          {r.saved ? <Tag className="ss-lineup-saved-tag" bordered={false}>saved</Tag> : null}
        </span>
      ),
    },
    { title: 'Pts', dataIndex: 'points', key: 'points', width: 72, align: 'right', sorter: (a, b) => a.points - b.points, render: (v: number) => formatNumber(v, 1, true) },
    { title: 'Salary', dataIndex: 'salary', key: 'salary', width: 84, align: 'right', sorter: (a, b) => a.salary - b.salary, render: (v: number) => `$${v.toLocaleString()}` },
    { title: 'Own %', dataIndex: 'ownership', key: 'ownership', width: 76, align: 'right', sorter: (a, b) => a.ownership - b.ownership, render: (v: number) => formatNumber(v, 1, true) },
    {
      title: 'Stack', key: 'stack', width: 120, ellipsis: true,
      sorter: (a, b) => a.stack.size - b.stack.size || a.stack.label.localeCompare(b.stack.label),
      filters: stackTeams.map((t) => ({ text: t, value: t })),
      onFilter: (value, r) => (r.stack.team || 'No stack') === value,
      render: (_: unknown, r) => <span title={r.stack.label}>{r.stack.label}</span>,
    },
  ];
  const slotColumns: ColumnsType<LineupTableRow> = [
    ...roster.slots.map((slot, i) => ({
      title: slot.label, key: `slot-${i}`, width: 128, ellipsis: true,
      render: (_: unknown, r: LineupTableRow) => {
        const p = r.lineup.rawTable[i];
        if (!p) return null;
        return <span title={`${p.Name} · ${p.TeamAbbrev} · $${Number(p.Salary).toLocaleString()} · ${formatNumber(Number(p.ProjPts), 1, true)} pts`}>
          {p.Locked ? <LockFilled className="ss-lineup-locked" data-testid="locked-player" aria-label="Started: kept by late swap" /> : null}{p.Name}
        </span>;
      },
    })),
  ];
  // The numbers first, where a phone shows them without scrolling; then the players by slot.
  const columns: ColumnsType<LineupTableRow> = [
    ...dataColumns.map((c) => ({ ...c, shouldCellUpdate: rowChanged })),
    ...extraColumns,
    ...slotColumns.map((c) => ({ ...c, shouldCellUpdate: rowChanged })),
    {
      title: '', key: 'actions', width: 104, fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Re-build this lineup" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
            <Button size="small" type="text" icon={<ReloadOutlined spin={rebuilding === r.run} />} aria-label={`Re-build lineup ${r.run}`}
              disabled={!canRebuild || r.locked} onClick={() => onRebuild(r.run)} />
          </Tooltip>
          <Tooltip title={r.locked ? 'Unlock: the next build may replace it' : 'Lock: the next build keeps this lineup'} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
            <Button size="small" type="text" icon={r.locked ? <LockFilled /> : <UnlockOutlined />} aria-label={`${r.locked ? 'Unlock' : 'Lock'} lineup ${r.run}`}
              aria-pressed={r.locked} disabled={!canEdit} onClick={() => onToggleLock(r.lineup)} />
          </Tooltip>
          <Tooltip title="Remove this lineup" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove lineup ${r.run}`}
              disabled={!canEdit || r.locked} onClick={() => onRemove(r.lineup)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="ss-lineups-table">
      <div className="ss-toolbar">
        <Select
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Lineups with player…"
          aria-label="Lineups with player"
          value={playerFilter}
          onChange={onPlayerFilter}
          options={playerOptions}
          style={{ minWidth: 240, maxWidth: '100%', flex: 1 }}
          maxTagCount="responsive"
        />
        <span className="ss-muted" data-testid="lineups-shown">{shown.length === rows.length ? `${rows.length} lineups` : `${shown.length} of ${rows.length} lineups`}</span>
      </div>
      <Table<LineupTableRow>
        showSorterTooltip={SORTER_TOOLTIP}
        size="small"
        rowKey="key"
        dataSource={shown}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content', y: 600 }}
        onRow={(r) => ({ onClick: () => onOpen(r), 'data-testid': 'lineup', className: 'ss-lineup-tr' } as React.HTMLAttributes<HTMLElement>)}
      />
    </div>
  );
});
