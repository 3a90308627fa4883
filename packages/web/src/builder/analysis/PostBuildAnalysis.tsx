// Post-build lineup analysis: the
// Overweight and Underweight top 5 by leverage, charts, Player Breakdown with position filters
// and search, Stacks Breakdown, Lineup Comparison (classic), top stacks and ownership ranges.
// Tables have no paging and scroll 300 (stacks 322).
import { Card, Col, Empty, Input, Radio, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CLASSIC_POSITION_FILTERS, DEFAULT_NUM_TEAMS, FINISH_BUCKET_LABELS, FINISH_BUCKETS, PLAYER_SEARCH_WIDTH_PX, TABLE_LAYOUTS, getRoster, leverage, leverageBand, leveragePanels,
  lineupExposures, matchesPositionFilter, ownershipRanges, roundTo, showdownPositionFilters, stackSizeShares, stacksBreakdown,
  UPGRADE_FOR_THIS_FEATURE, type BuiltLineup, type PlayerRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import type { LineupComparisonRow, TopStackRow } from '@stacksmith/domain';
import { analysisCalls } from '../../api/analysis';
import { Blurred, UpgradeLock } from '../../permissions/Gated';
import { usePermission } from '../../permissions/usePermissions';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

export interface BreakdownRow {
  Id: string; Name: string; Position: string; RosterPosition?: string; TeamAbbrev: string;
  Count: number; Exp: number; ProjOwn: number; Leverage: number;
}

const CHART_COLOURS = ['#c9ced6', '#2a5dbb', '#1a8f3c', '#e0a526'];
const leverageClass = (value: number) => {
  const band = leverageBand(value);
  return band.level === 0 ? '' : `ss-lev-${band.direction}-${band.level}`;
};
const pct = (v: number) => `${v.toFixed(2)}%`;

/** Charts of per-player exposure against ownership are post-build views: blurred, with the lock, without the permission. */
function ChartGate({ locked, children }: { locked: boolean; children: ReactNode }) {
  if (!locked) return <>{children}</>;
  return (
    <div className="ss-chart-gate">
      <div className="ss-blur" aria-hidden="true" data-testid="blurred">{children}</div>
      <div className="ss-chart-gate-lock"><UpgradeLock permission="analytics.nfl.post_build" /><span>{UPGRADE_FOR_THIS_FEATURE}</span></div>
    </div>
  );
}

/** One row per player in the build, with exposure, ownership and leverage. */
export function breakdownRows(lineups: readonly BuiltLineup[], players: readonly PlayerRow[]): BreakdownRow[] {
  const exposures = lineupExposures(lineups);
  const byId = new Map(players.map((p) => [p.Id, p]));
  const rowsById = new Map(lineups.flatMap((l) => l.rawTable).map((r) => [r.Id, r]));
  return [...exposures].map(([id, e]) => {
    const p = byId.get(id);
    const r = rowsById.get(id);
    const projOwn = Number(p?.ProjOwn ?? r?.ProjOwn ?? 0);
    return {
      Id: id, Name: p?.Name ?? r?.Name ?? id, Position: p?.Position ?? r?.Position ?? '', RosterPosition: p?.RosterPosition ?? r?.RosterPosition,
      TeamAbbrev: p?.TeamAbbrev ?? r?.TeamAbbrev ?? '', Count: e.count, Exp: roundTo(e.exp, 2), ProjOwn: projOwn, Leverage: leverage(e.exp, projOwn),
    };
  }).sort((a, b) => b.Exp - a.Exp);
}

function LeveragePanel({ title, rows, locked }: { title: string; rows: BreakdownRow[]; locked: boolean }) {
  return (
    <Card size="small" title={title} data-testid={`panel-${title.toLowerCase()}`}>
      <Table<BreakdownRow> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Id" dataSource={rows} pagination={false}
        locale={{ emptyText: 'Nobody' }}
        columns={[
          { title: 'Player', dataIndex: 'Name', render: (v: string, _r, i) => <Blurred locked={locked} clear={i === 0}>{v}</Blurred> },
          { title: 'Exp', dataIndex: 'Exp', width: 80, render: (v: number, _r, i) => <Blurred locked={locked} clear={i === 0}>{pct(v)}</Blurred> },
          { title: 'Proj Own', dataIndex: 'ProjOwn', width: 90, render: (v: number, _r, i) => <Blurred locked={locked} clear={i === 0}>{pct(v)}</Blurred> },
          { title: 'Leverage', dataIndex: 'Leverage', width: 90, onCell: (r, i) => ({ className: locked && i !== 0 ? '' : leverageClass(r.Leverage) }),
            render: (v: number, _r, i) => <Blurred locked={locked} clear={i === 0}>{v.toFixed(2)}</Blurred> },
        ]} />
    </Card>
  );
}

export function PostBuildAnalysis({ slate, lineups, players }: { slate: SlateRef; lineups: readonly BuiltLineup[]; players: readonly PlayerRow[] }) {
  const canPostBuild = usePermission('analytics.nfl.post_build');
  const canHistorical = usePermission('analytics.nfl.historical');
  const [filter, setFilter] = useState('ALL');
  const [search, setSearch] = useState('');
  const showdown = slate.contestType === 'showdown';
  const roster = getRoster(slate.sport, slate.site, slate.contestType);
  const filters = showdown ? showdownPositionFilters(roster.slots[0]?.label ?? 'CPT') : [...CLASSIC_POSITION_FILTERS];
  const nflClassic = slate.sport === 'nfl' && !showdown;

  const rows = useMemo(() => breakdownRows(lineups, players), [lineups, players]);
  const panels = useMemo(() => leveragePanels(rows), [rows]);
  const tables = useMemo(() => lineups.map((l) => l.rawTable), [lineups]);
  const stacks = useMemo(() => stacksBreakdown(tables), [tables]);
  const sizes = useMemo(() => stackSizeShares(tables), [tables]);
  const ranges = useMemo(() => ownershipRanges(tables), [tables]);
  const shown = rows.filter((r) => matchesPositionFilter(r, filter, showdown) && r.Name.toLowerCase().includes(search.trim().toLowerCase()));
  const chartRows = rows.slice(0, 15).map((r) => ({ Name: r.Name, Exp: r.Exp, ProjOwn: r.ProjOwn }));
  const teams = new Set(players.map((p) => p.TeamAbbrev)).size || DEFAULT_NUM_TEAMS;

  const comparison = useQuery({
    queryKey: ['lineup-comparison', slate.sport, slate.site, slate.season, slate.counter, lineups.map((l) => l.lineupHash).join(',')],
    queryFn: () => analysisCalls.lineupComparison(slate.sport, slate.season, slate.counter, { lineups: lineups.map((l) => ({ rawTable: l.rawTable })), slateSize: teams, site: slate.site, lineupSize: roster.slots.length }),
    // Everyone gets MyPcts; the past-contest columns come only with analytics.nfl.historical (locked here).
    enabled: nflClassic && lineups.length > 0,
    retry: false,
  });
  const week = Number(slate.counter);
  const topStacks = useQuery({
    queryKey: ['top-stacks', slate.season, week, slate.site],
    queryFn: () => analysisCalls.topStacks(slate.season, week, slate.site),
    enabled: nflClassic && Number.isInteger(week),
    retry: false,
  });

  if (lineups.length === 0) return null;
  const locked = !canPostBuild;
  const blurAfterFirst = (render: (v: number) => ReactNode) => (v: number, _r: BreakdownRow, i: number) =>
    <Blurred locked={locked} clear={i === 0}>{render(v)}</Blurred>;
  const breakdownColumns: ColumnsType<BreakdownRow> = [
    { title: 'Player', dataIndex: 'Name', key: 'Name', sorter: (a, b) => a.Name.localeCompare(b.Name) },
    { title: 'Pos', dataIndex: 'Position', key: 'Position', width: 70, render: (v: string, r) => (showdown && r.RosterPosition !== 'FLEX' ? `${v} (${r.RosterPosition})` : v) },
    { title: 'Team', dataIndex: 'TeamAbbrev', key: 'TeamAbbrev', width: 70 },
    { title: 'Lineups', dataIndex: 'Count', key: 'Count', width: 100, sorter: (a, b) => a.Count - b.Count, render: blurAfterFirst((v: number) => v) },
    { title: 'Exp', dataIndex: 'Exp', key: 'Exp', width: 90, sorter: (a, b) => a.Exp - b.Exp, defaultSortOrder: 'descend', render: blurAfterFirst((v: number) => pct(v)) },
    { title: 'Proj Own', dataIndex: 'ProjOwn', key: 'ProjOwn', width: 90, sorter: (a, b) => a.ProjOwn - b.ProjOwn, render: blurAfterFirst((v: number) => pct(v)) },
    { title: 'Leverage', dataIndex: 'Leverage', key: 'Leverage', width: 90, sorter: (a, b) => a.Leverage - b.Leverage,
      onCell: (r) => ({ className: locked ? '' : leverageClass(r.Leverage) }), render: blurAfterFirst((v: number) => v.toFixed(2)) },
  ];
  const comparisonColumns: ColumnsType<LineupComparisonRow> = [
    { title: 'Metric', dataIndex: 'Metric', key: 'Metric' },
    { title: 'My Lineups', dataIndex: 'MyPcts', key: 'MyPcts', width: 100, render: (v: number) => pct(v * 100) },
    ...FINISH_BUCKETS.map((key) => ({
      title: FINISH_BUCKET_LABELS[key], dataIndex: key, key, width: 100,
      render: (v: number) => (canHistorical ? pct(v * 100) : <UpgradeLock permission="analytics.nfl.historical" />),
    })),
  ];

  return (
    <div className="ss-post-build" data-testid="post-build-analysis">
      <h3 style={{ marginTop: 24 }}>Analysis</h3>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}><LeveragePanel title="Overweight" rows={panels.overweight} locked={locked} /></Col>
        <Col xs={24} lg={12}><LeveragePanel title="Underweight" rows={panels.underweight} locked={locked} /></Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="Exposure vs projected ownership (top 15)" className="ss-chart-card">
            <ChartGate locked={locked}><ResponsiveContainer width="100%" height={280}>
              <BarChart data={chartRows} margin={{ top: 4, right: 8, bottom: 60, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="Name" angle={-40} textAnchor="end" interval={0} fontSize={11} />
                <YAxis unit="%" />
                <Tooltip formatter={(v) => pct(Number(v))} />
                <Legend verticalAlign="top" />
                <Bar dataKey="Exp" name="My exposure" fill="#2a5dbb" isAnimationActive={false} />
                <Bar dataKey="ProjOwn" name="Projected ownership" fill="#c9ced6" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer></ChartGate>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title="Total ownership of my lineups" className="ss-chart-card">
            <ResponsiveContainer width="100%" height={280}>
              <BarChart data={ranges} margin={{ top: 4, right: 8, bottom: 30, left: -20 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="Range" angle={-30} textAnchor="end" interval={0} fontSize={11} />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="Count" name="Lineups" fill="#1a8f3c" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        {slate.sport === 'nfl' && (
          <Col xs={24} md={12} xl={6}>
            <Card size="small" title="QB stack sizes" className="ss-chart-card">
              <ResponsiveContainer width="100%" height={280}>
                <PieChart>
                  <Pie data={sizes.filter((s) => s.Count > 0)} dataKey="Count" nameKey="Stack" outerRadius={80} isAnimationActive={false} label={(e: { payload?: { Stack: string; Pct: number } }) => (e.payload ? `${e.payload.Stack} ${e.payload.Pct}%` : '')}>
                    {sizes.filter((s) => s.Count > 0).map((s) => <Cell key={s.Stack} fill={CHART_COLOURS[sizes.indexOf(s)]} />)}
                  </Pie>
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
            </Card>
          </Col>
        )}
      </Row>

      <h4 style={{ marginTop: 20 }}>Player Breakdown</h4>
      <div className="ss-toolbar">
        <Radio.Group value={filter} onChange={(e) => setFilter(e.target.value as string)} optionType="button" buttonStyle="solid" size="small"
          options={filters.map((f) => ({ value: f, label: f }))} aria-label="Position filter" />
        {!showdown && <Input.Search allowClear placeholder="Search player" aria-label="Search player breakdown" style={{ width: PLAYER_SEARCH_WIDTH_PX }} value={search} onChange={(e) => setSearch(e.target.value)} />}
      </div>
      <Table<BreakdownRow> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Id" dataSource={shown} columns={breakdownColumns} pagination={false}
        scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight }} data-testid="player-breakdown" />

      {slate.sport === 'nfl' && (
        <>
          <h4 style={{ marginTop: 20 }}>Stacks Breakdown</h4>
          <Table showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="key" dataSource={stacks} pagination={false} scroll={{ y: TABLE_LAYOUTS.postBuildStacks.scrollHeight }}
            locale={{ emptyText: <Empty description="No QB stacks in these lineups" /> }}
            columns={[
              { title: 'QB', dataIndex: 'QB', key: 'QB', width: 170 },
              { title: 'Team', dataIndex: 'Team', key: 'Team', width: 70 },
              { title: 'Stacked with', dataIndex: 'Players', key: 'Players', render: (p: string[], _r, i) => <Blurred locked={locked} clear={i === 0}>{p.join(', ')}</Blurred> },
              { title: 'Lineups', dataIndex: 'Count', key: 'Count', width: 80, render: (v: number, _r, i) => <Blurred locked={locked} clear={i === 0}>{v}</Blurred> },
              { title: 'Exp', dataIndex: 'Exp', key: 'Exp', width: 90, render: (v: number, _r, i) => <Blurred locked={locked} clear={i === 0}>{pct(v)}</Blurred> },
            ]} />
        </>
      )}

      {nflClassic && (
        <>
          <h4 style={{ marginTop: 20 }}>Lineup Comparison</h4>
          <Table<LineupComparisonRow> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Metric" loading={comparison.isLoading} dataSource={comparison.data ?? []}
            columns={comparisonColumns} pagination={false} scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight }} data-testid="lineup-comparison"
            />
          <Row gutter={16} style={{ marginTop: 20 }}>
            <Col xs={24} lg={14}>
              <h4>Top stacks this week</h4>
              <Table<TopStackRow> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey={(r) => `${r.QB}|${r.Players.join(',')}`} dataSource={topStacks.data?.stacks ?? []} pagination={false}
                scroll={{ y: TABLE_LAYOUTS.postBuildStacks.scrollHeight }} loading={topStacks.isLoading}
                columns={[
                  { title: 'QB', dataIndex: 'QB', key: 'QB' },
                  { title: 'With', dataIndex: 'Players', key: 'Players', render: (p: string[]) => p.join(', ') },
                  { title: FINISH_BUCKET_LABELS.Finish1to5, dataIndex: 'TopCount', key: 'TopCount', width: 80 },
                  { title: '% of field', dataIndex: 'Pct', key: 'Pct', width: 90, render: pct },
                ]} />
            </Col>
            <Col xs={24} lg={10}>
              <h4>Ownership ranges</h4>
              <Table showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Range" dataSource={ranges} pagination={false} scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight }}
                columns={[{ title: 'Total ownership', dataIndex: 'Range', key: 'Range' }, { title: 'Lineups', dataIndex: 'Count', key: 'Count' }, { title: 'Share', dataIndex: 'Pct', key: 'Pct', render: pct }]} />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
