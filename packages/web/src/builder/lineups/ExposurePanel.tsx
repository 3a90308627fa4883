// The exposure panel beside the lineup table: each player's share of the lineups against his
// Min/Max Exp (red beyond one lineup of tolerance), filtered by position. Clicking a player
// filters the lineup table to the lineups holding him.
import { useMemo, useState } from 'react';
import { Radio, Table } from 'antd';
import {
  CLASSIC_POSITION_FILTERS, getRoster, isExposureOutsideTolerance, lineupExposures, matchesPositionFilter, showdownPositionFilters,
  type BuiltLineup, type PlayerRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { formatNumber } from '../players/EditCells';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

export interface ExposureRow {
  Id: string; Name: string; Position: string; RosterPosition?: string; TeamAbbrev: string; MinExp: number; MaxExp: number; Count: number; Exp: number;
}

/** Every player of the lineups with his exposure, plus players asked for (Min Exp > 0) who made none. */
export function exposureRows(lineups: readonly BuiltLineup[], players: readonly PlayerRow[]): ExposureRow[] {
  const exp = lineupExposures(lineups);
  const byId = new Map(players.map((p) => [p.Id, p]));
  const rowsById = new Map(lineups.flatMap((l) => l.rawTable).map((r) => [r.Id, r]));
  const rows = [...exp].map(([id, e]) => {
    const p = byId.get(id);
    const row = rowsById.get(id);
    return {
      Id: id,
      Name: p?.Name ?? row?.Name ?? id,
      Position: p?.Position ?? row?.Position ?? '',
      RosterPosition: p?.RosterPosition ?? row?.RosterPosition,
      TeamAbbrev: p?.TeamAbbrev ?? row?.TeamAbbrev ?? '',
      MinExp: p?.MinExp ?? 0,
      MaxExp: p?.MaxExp ?? 100,
      Count: e.count,
      Exp: e.exp,
    };
  });
  const missing = lineups.length === 0 ? [] : players
    .filter((p) => p.MinExp > 0 && !exp.has(p.Id))
    .map((p) => ({ Id: p.Id, Name: p.Name, Position: p.Position, RosterPosition: p.RosterPosition, TeamAbbrev: p.TeamAbbrev, MinExp: p.MinExp, MaxExp: p.MaxExp, Count: 0, Exp: 0 }));
  return [...rows, ...missing].sort((a, b) => b.Exp - a.Exp || a.Name.localeCompare(b.Name));
}

/** The position buttons: nfl's classic set, the showdown set, else ALL and the slate's own positions. */
export function exposureFilters(slate: SlateRef, rows: readonly ExposureRow[]): string[] {
  if (slate.contestType === 'showdown') {
    return showdownPositionFilters(getRoster(slate.sport, slate.site, slate.contestType).slots[0]?.label ?? 'CPT')
      .filter((f) => f === 'ALL' || rows.some((r) => matchesPositionFilter(r, f, true)));
  }
  if (slate.sport === 'nfl') return [...CLASSIC_POSITION_FILTERS];
  const positions = [...new Set(rows.flatMap((r) => r.Position.split('/')).filter(Boolean))].sort();
  return ['ALL', ...positions];
}

export function ExposurePanel({ slate, lineups, players, onPickPlayer }: {
  slate: SlateRef; lineups: readonly BuiltLineup[]; players: readonly PlayerRow[]; onPickPlayer?: (id: string) => void;
}) {
  const [filter, setFilter] = useState('ALL');
  const rows = useMemo(() => exposureRows(lineups, players), [lineups, players]);
  const filters = useMemo(() => exposureFilters(slate, rows), [slate, rows]);
  const showdown = slate.contestType === 'showdown';
  const shown = rows.filter((r) => matchesPositionFilter(r, filters.includes(filter) ? filter : 'ALL', showdown));
  const count = lineups.length;
  return (
    <div className="ss-exposure-panel" data-testid="exposure-panel">
      <h3>Exposure</h3>
      <Radio.Group value={filter} onChange={(e) => setFilter(e.target.value as string)} optionType="button" buttonStyle="solid" size="small"
        options={filters.map((f) => ({ value: f, label: f }))} aria-label="Exposure position filter" className="ss-exposure-filter" />
      <Table<ExposureRow>
        showSorterTooltip={SORTER_TOOLTIP}
        size="small"
        rowKey="Id"
        dataSource={shown}
        pagination={false}
        scroll={{ y: 560 }}
        onRow={(r) => ({ onClick: () => onPickPlayer?.(r.Id), style: { cursor: onPickPlayer ? 'pointer' : undefined } })}
        columns={[
          { title: 'Player', dataIndex: 'Name', ellipsis: true, sorter: (a, b) => a.Name.localeCompare(b.Name),
            render: (v: string, r) => <span title={`${v} · ${r.TeamAbbrev}`}>{v}{showdown && r.RosterPosition && r.RosterPosition !== 'FLEX' ? ` (${r.RosterPosition})` : ''}</span> },
          { title: 'Pos', dataIndex: 'Position', width: 58 },
          { title: 'Count', dataIndex: 'Count', width: 70, sorter: (a, b) => a.Count - b.Count },
          {
            title: 'Exp %', dataIndex: 'Exp', width: 72, sorter: (a, b) => a.Exp - b.Exp,
            render: (v: number, r) => (
              <span className={isExposureOutsideTolerance(v, r.MinExp, r.MaxExp, count) ? 'ss-exp-bad' : ''}
                title={`Min ${r.MinExp} · Max ${r.MaxExp}`}>{formatNumber(v)}</span>
            ),
          },
        ]}
      />
    </div>
  );
}
