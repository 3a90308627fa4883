// The build's lineups as one sortable, filterable table (one row a lineup, one column a roster
// slot): points, salary, total ownership and the team stack, a "contains player" filter, and
// per lineup re-build, lock and remove. A row click opens the lineup's detail. Other panels add
// their own per-lineup columns (e.g. simulation ROI and win %) through `extraColumns`.
// A whole lineup reads at a glance: short names in compact slot columns on a desktop; on a
// phone each lineup is stacked (its numbers, then its slots two by two) with a sort picker.
import { memo, useMemo, useState } from 'react';
import { Button, Grid, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, LockFilled, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, lineupStack, lineupTotals,
  type BuiltLineup, type LineupStack, type RosterSpec,
} from '@stacksmith/domain';
import { formatNumber } from '../players/EditCells';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';
import { GatedValue } from '../../permissions/Gated';
import { usePermissions } from '../../permissions/usePermissions';
import { shortPlayerName } from './shortName';

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
  /** The plan withholds some player's points (or ownership): the total shows a stand-in. */
  pointsWithheld: boolean;
  ownershipWithheld: boolean;
}

/** What the user's plan shows of lineup totals: without a permission, rows the server left bare are withheld. */
export interface LineupGrants { points: boolean; ownership: boolean }
const ALL_GRANTED: LineupGrants = { points: true, ownership: true };

const absent = (v: unknown) => v === undefined || v === null || v === '';
/** A row the server sent without its points: the page had none to send (gated), and the user typed none. */
export const lacksPoints = (r: Record<string, unknown>) => absent(r.ProjPts) && absent(r.UserProj);
export const lacksOwnership = (r: Record<string, unknown>) => absent(r.HouseOwn) && absent(r.UserOwn) && !Number(r.ProjOwn);

// A lineup's row stays the same object while the lineup and its flags do, so the table's cells
// (shouldCellUpdate below) re-render only for the lineups a build batch adds or an action changes.
const rowCache = new WeakMap<BuiltLineup, LineupTableRow>();

export function lineupTableRows(
  lineups: readonly BuiltLineup[], savedHashes: ReadonlySet<string>, lockedHashes: ReadonlySet<string>, grants: LineupGrants = ALL_GRANTED,
): LineupTableRow[] {
  return lineups.map((lineup, i) => {
    const cached = rowCache.get(lineup);
    const pointsWithheld = !grants.points && lineup.rawTable.some(lacksPoints);
    const ownershipWithheld = !grants.ownership && lineup.rawTable.some(lacksOwnership);
    if (cached && cached.saved === savedHashes.has(lineup.lineupHash) && cached.locked === lockedHashes.has(lineup.lineupHash)
      && cached.pointsWithheld === pointsWithheld && cached.ownershipWithheld === ownershipWithheld) return cached;
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
      pointsWithheld,
      ownershipWithheld,
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

/** The grants the lineup totals follow (a hook, so the table's rows change when the plan answer does). */
export function useLineupGrants(): LineupGrants {
  const { has } = usePermissions();
  const points = has('opt.nfl.projections');
  const ownership = has('opt.nfl.ownership');
  return useMemo(() => ({ points, ownership }), [points, ownership]);
}

export const pointsText = (r: LineupTableRow) => r.pointsWithheld
  ? <GatedValue permission="opt.nfl.projections" rowIndex={0} withheld>{null}</GatedValue>
  : formatNumber(r.points, 1, true);
export const ownershipText = (r: LineupTableRow) => r.ownershipWithheld
  ? <GatedValue permission="opt.nfl.ownership" rowIndex={0} withheld>{null}</GatedValue>
  : formatNumber(r.ownership, 1, true);

/** A slot's player: short name, the full name, team, salary and points on hover. */
function SlotPlayer({ row }: { row: LineupTableRow['lineup']['rawTable'][number] }) {
  const points = lacksPoints(row) ? '' : ` · ${formatNumber(Number(row.ProjPts), 1, true)} pts`;
  return (
    <span className="ss-slot-player" title={`${row.Name} · ${row.TeamAbbrev} · $${Number(row.Salary).toLocaleString()}${points}`}>
      {row.Locked ? <LockFilled className="ss-lineup-locked" data-testid="locked-player" aria-label="Started: kept by late swap" /> : null}
      {shortPlayerName(row)}
    </span>
  );
}

/**
 * A row's re-build, lock and remove buttons. Memoised: the cells' shouldCellUpdate cannot see the
 * actions' state, so the cell renders whenever the table does, and without this each build batch
 * rendered three tooltips and buttons again for every row in view.
 */
const RowActions = memo(function RowActions({ row, rebuildingThis, canRebuild, canEdit, onRebuild, onToggleLock, onRemove }: {
  row: LineupTableRow; rebuildingThis: boolean; canRebuild: boolean; canEdit: boolean;
} & Pick<LineupActions, 'onRebuild' | 'onToggleLock' | 'onRemove'>) {
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      <Tooltip title="Re-build this lineup" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
        <Button size="small" type="text" icon={<ReloadOutlined spin={rebuildingThis} />} aria-label={`Re-build lineup ${row.run}`}
          disabled={!canRebuild || row.locked} onClick={() => onRebuild(row.run)} />
      </Tooltip>
      <Tooltip title={row.locked ? 'Unlock: the next build may replace it' : 'Lock: the next build keeps this lineup'} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
        <Button size="small" type="text" icon={row.locked ? <LockFilled /> : <UnlockOutlined />} aria-label={`${row.locked ? 'Unlock' : 'Lock'} lineup ${row.run}`}
          aria-pressed={row.locked} disabled={!canEdit} onClick={() => onToggleLock(row.lineup)} />
      </Tooltip>
      <Tooltip title="Remove this lineup" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove lineup ${row.run}`}
          disabled={!canEdit || row.locked} onClick={() => onRemove(row.lineup)} />
      </Tooltip>
    </Space>
  );
});

/** Phone sorting (the stacked layout has no column headers to click). */
const PHONE_SORTS: Record<string, { label: string; compare: (a: LineupTableRow, b: LineupTableRow) => number }> = {
  run: { label: '#', compare: (a, b) => a.run - b.run },
  points: { label: 'Pts', compare: (a, b) => b.points - a.points },
  salary: { label: 'Salary', compare: (a, b) => b.salary - a.salary },
  ownership: { label: 'Own %', compare: (a, b) => a.ownership - b.ownership },
};

/** Slot columns share what a 1440 px screen leaves beside the numbers; more slots, narrower ones. */
const slotWidth = (slots: number) => (slots <= 9 ? 92 : 82);

/** From this many lineups on, the desktop table is virtual (a short list stays whole in the page). */
const VIRTUAL_FROM_ROWS = 40;

export const LineupsTable = memo(function LineupsTable({ rows, expectedRows = 0, roster, actions, extraColumns = [], playerFilter, onPlayerFilter, playerOptions }: {
  rows: LineupTableRow[];
  /** The lineups a running build will have: a long build is virtual from its first batch on. */
  expectedRows?: number;
  roster: RosterSpec;
  actions: LineupActions;
  extraColumns?: ColumnsType<LineupTableRow>;
  playerFilter: string[];
  onPlayerFilter: (ids: string[]) => void;
  playerOptions: { value: string; label: string }[];
}) {
  const screens = Grid.useBreakpoint();
  // Before the first measure useBreakpoint answers {}: a desktop until it says otherwise.
  const stacked = screens.md === false;
  const [phoneSort, setPhoneSort] = useState('run');
  const filtered = useMemo(() => filterByPlayers(rows, playerFilter), [rows, playerFilter]);
  const shown = useMemo(
    () => (stacked && phoneSort !== 'run' ? [...filtered].sort(PHONE_SORTS[phoneSort]!.compare) : filtered),
    [filtered, stacked, phoneSort],
  );
  const stackTeams = useMemo(() => [...new Set(rows.map((r) => r.stack.team || 'No stack'))].sort(), [rows]);
  const { onOpen, onRebuild, onToggleLock, onRemove, rebuilding, canRebuild, canEdit } = actions;

  const runColumn: ColumnsType<LineupTableRow>[number] = {
    title: '#', dataIndex: 'run', key: 'run', width: stacked ? 44 : 56, fixed: 'left', sorter: stacked ? undefined : (a, b) => a.run - b.run,
    render: (run: number, r) => (
      <span className="ss-lineup-run">
        {run}
        {r.locked ? <LockFilled className="ss-lineup-locked" aria-label={`Lineup ${run} locked`} /> : null}
        {r.saved ? <Tag className="ss-lineup-saved-tag" bordered={false}>saved</Tag> : null}
      </span>
    ),
  };
  const dataColumns: ColumnsType<LineupTableRow> = [
    runColumn,
    { title: 'Pts', dataIndex: 'points', key: 'points', width: 64, align: 'right', sorter: (a, b) => a.points - b.points, render: (_: number, r) => pointsText(r) },
    { title: 'Salary', dataIndex: 'salary', key: 'salary', width: 80, align: 'right', sorter: (a, b) => a.salary - b.salary, render: (v: number) => `$${v.toLocaleString()}` },
    { title: 'Own %', dataIndex: 'ownership', key: 'ownership', width: 76, align: 'right', sorter: (a, b) => a.ownership - b.ownership, render: (_: number, r) => ownershipText(r) },
    {
      title: 'Stack', key: 'stack', width: 96, ellipsis: true,
      sorter: (a, b) => a.stack.size - b.stack.size || a.stack.label.localeCompare(b.stack.label),
      filters: stackTeams.map((t) => ({ text: t, value: t })),
      onFilter: (value, r) => (r.stack.team || 'No stack') === value,
      render: (_: unknown, r) => <span title={r.stack.label}>{r.stack.label}</span>,
    },
  ];
  const slotColumns: ColumnsType<LineupTableRow> = roster.slots.map((slot, i) => ({
    title: slot.label, key: `slot-${i}`, width: slotWidth(roster.slots.length), ellipsis: true, className: 'ss-slot-cell',
    render: (_: unknown, r: LineupTableRow) => {
      const p = r.lineup.rawTable[i];
      return p ? <SlotPlayer row={p} /> : null;
    },
  }));
  const stackedColumn: ColumnsType<LineupTableRow>[number] = {
    title: 'Lineup', key: 'lineup',
    filters: stackTeams.map((t) => ({ text: t, value: t })),
    onFilter: (value, r) => (r.stack.team || 'No stack') === value,
    render: (_: unknown, r) => (
      <div className="ss-lineup-stacked">
        <div className="ss-lineup-stacked-head">
          <strong>{pointsText(r)}</strong> pts · ${r.salary.toLocaleString()} · {ownershipText(r)}% own
          {r.stack.label ? <> · <span title={r.stack.label}>{r.stack.label}</span></> : null}
        </div>
        <div className="ss-lineup-slots">
          {roster.slots.map((slot, i) => {
            const p = r.lineup.rawTable[i];
            return p ? <span key={i} className="ss-lineup-slot"><span className="ss-slot-label">{slot.label}</span><SlotPlayer row={p} /></span> : null;
          })}
        </div>
      </div>
    ),
  };
  const actionsColumn: ColumnsType<LineupTableRow>[number] = {
    title: '', key: 'actions', width: 96, fixed: 'right',
    render: (_: unknown, r) => (
      <RowActions row={r} rebuildingThis={rebuilding === r.run} canRebuild={canRebuild} canEdit={canEdit}
        onRebuild={onRebuild} onToggleLock={onToggleLock} onRemove={onRemove} />
    ),
  };
  // Desktop: the numbers first, then the players by slot, then the actions. Phone: the run and
  // the stacked lineup; re-build, lock and remove are in the lineup's detail (a tap on the row).
  const columns: ColumnsType<LineupTableRow> = stacked
    ? [runColumn, stackedColumn].map((c) => ({ ...c, shouldCellUpdate: rowChanged }))
    : [
      ...dataColumns.map((c) => ({ ...c, shouldCellUpdate: rowChanged })),
      ...extraColumns,
      ...slotColumns.map((c) => ({ ...c, shouldCellUpdate: rowChanged })),
      actionsColumn,
    ];

  return (
    <div className={`ss-lineups-table${stacked ? ' ss-lineups-table-stacked' : ''}`}>
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
          style={{ minWidth: 200, maxWidth: '100%', flex: 1 }}
          maxTagCount="responsive"
        />
        {stacked ? (
          <Select aria-label="Sort lineups by" value={phoneSort} onChange={setPhoneSort} style={{ width: 110 }}
            options={Object.entries(PHONE_SORTS).map(([value, s]) => ({ value, label: `Sort: ${s.label}` }))} />
        ) : null}
        <span className="ss-muted" data-testid="lineups-shown">{shown.length === rows.length ? `${rows.length} lineups` : `${shown.length} of ${rows.length} lineups`}</span>
      </div>
      <Table<LineupTableRow>
        showSorterTooltip={SORTER_TOOLTIP}
        size="small"
        rowKey="key"
        dataSource={shown}
        columns={columns}
        pagination={false}
        // Fixed widths: with 'max-content' a long stack or name widened its column past the screen.
        tableLayout="fixed"
        // A long list on a desktop keeps only the rows in view in the page: each batch of a
        // 150-lineup build otherwise laid out every row again (seconds of main-thread work).
        // Switching mid-build would mount the whole table again, so a build of more than that many
        // starts virtual.
        virtual={!stacked && Math.max(shown.length, playerFilter.length === 0 ? expectedRows : 0) > VIRTUAL_FROM_ROWS}
        scroll={stacked ? { y: 600 } : { x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 100), 0), y: 600 }}
        onRow={(r) => ({ onClick: () => onOpen(r), 'data-testid': 'lineup', className: 'ss-lineup-tr' } as React.HTMLAttributes<HTMLElement>)}
      />
    </div>
  );
});
