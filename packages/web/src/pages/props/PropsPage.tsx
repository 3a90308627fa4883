// /props: a tab per market, odds shown American, projOwn and salary
// derived from the slate, page size 100, and a Download Props CSV named with week and season.
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Select, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CURRENT_SEASON, NFL_SHOWDOWN_COUNTER, PROPS_CSV_COLUMNS, PROPS_MARKETS, TABLE_LAYOUTS, csvOf, formatAmericanOdds, propsCsvName,
} from '@stacksmith/domain';
import type { PropRow } from '@stacksmith/domain';
import { analysisCalls } from '../../api/analysis';
import { downloadText } from '../../download';
import { useAuth } from '../../auth/session';
import { GatedValue } from '../../permissions/Gated';
import { PlayerStatsModal } from '../../builder/players/PlayerStatsModal';
import { defaultNflWeek } from '../../builder/route';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

const byNumber = (key: 'oddsAmerican' | 'projOwn' | 'salary') => (a: PropRow, b: PropRow) => (a[key] ?? -Infinity) - (b[key] ?? -Infinity);

const columns = (openStats: (row: PropRow) => void): ColumnsType<PropRow> => [
  { title: 'Name', dataIndex: 'Name', key: 'Name', sorter: (a, b) => a.Name.localeCompare(b.Name),
    render: (name: string, row) => <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openStats(row)}>{name}</Button> },
  { title: 'Team', dataIndex: 'Team', key: 'Team', width: 80, sorter: (a, b) => a.Team.localeCompare(b.Team) },
  { title: 'Position', dataIndex: 'Position', key: 'Position', width: 90 },
  { title: 'Odds', dataIndex: 'oddsAmerican', key: 'oddsAmerican', width: 90, sorter: byNumber('oddsAmerican'), render: (v: number) => formatAmericanOdds(v) },
  { title: 'Proj Own', dataIndex: 'projOwn', key: 'projOwn', width: 100, sorter: byNumber('projOwn'),
    // Without opt.nfl.ownership the server sends it for the first rows only: a blurred stand-in elsewhere.
    render: (v: number | null | undefined, _row, index) => (v === null ? '–'
      : <GatedValue permission="opt.nfl.ownership" rowIndex={index} withheld={v === undefined}>{`${(v ?? 0).toFixed(1)}%`}</GatedValue>) },
  { title: 'Salary', dataIndex: 'salary', key: 'salary', width: 100, sorter: byNumber('salary'), render: (v: number | null) => (v === null ? '–' : `$${v.toLocaleString()}`) },
];

export function PropsPage() {
  const [query, setQuery] = useSearchParams();
  const season = Number(query.get('season')) || CURRENT_SEASON;
  const week = Number(query.get('week')) || defaultNflWeek('classic', Date.now());
  const market = PROPS_MARKETS.find((m) => m === query.get('market')) ?? PROPS_MARKETS[0];
  const [statsFor, setStatsFor] = useState<PropRow | null>(null);
  const loggedin = useAuth((s) => s.loggedin);
  const props = useQuery({ queryKey: ['props', season, week, loggedin], queryFn: () => analysisCalls.props(season, week), retry: false });
  const set = (key: string, value: string) => { const q = new URLSearchParams(query); q.set(key, value); setQuery(q, { replace: true }); };

  const download = () => downloadText(propsCsvName(week, season), csvOf(PROPS_CSV_COLUMNS, (props.data ?? []).map((p) => ({
    Market: p.market, Name: p.Name, Team: p.Team, Position: p.Position, Odds: formatAmericanOdds(p.oddsAmerican), ProjOwn: p.projOwn, Salary: p.salary,
  }))));

  return (
    <div className="ss-page">
      <h1 className="ss-page-title">Player Props</h1>
      <div className="ss-toolbar">
        <span>Week</span>
        <Select aria-label="Week" style={{ width: 90 }} value={week} onChange={(w: number) => set('week', String(w))}
          options={Array.from({ length: NFL_SHOWDOWN_COUNTER }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
        <span className="ss-muted">Season {season}</span>
        <span className="ss-spacer" />
        <Button type="primary" icon={<DownloadOutlined />} onClick={download} disabled={!props.data?.length}>Download Props</Button>
      </div>
      <Tabs className="ss-tabs-wrap" activeKey={market} onChange={(m) => set('market', m)} items={PROPS_MARKETS.map((m) => ({
        key: m,
        label: m,
        children: (
          <Table<PropRow>
            showSorterTooltip={SORTER_TOOLTIP}
            size="small"
            rowKey={(r) => `${r.market}|${r.Name}|${r.Team}`}
            loading={props.isLoading}
            dataSource={(props.data ?? []).filter((p) => p.market === m)}
            columns={columns(setStatsFor)}
            pagination={{ pageSize: TABLE_LAYOUTS.props.pageSize, showSizeChanger: false, hideOnSinglePage: true }}
            // Wider than a phone: the table scrolls in its box, the page does not.
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description="No props for this week" /> }}
          />
        ),
      }))} />
      {statsFor && (
        <PlayerStatsModal sport="nfl" before={{ season, counter: String(week) }} onClose={() => setStatsFor(null)}
          player={{ Id: statsFor.Name, Name: statsFor.Name, Position: statsFor.Position, TeamAbbrev: statsFor.Team, Opp: '', Salary: statsFor.salary ?? 0, ProjPts: 0, ProjOwn: statsFor.projOwn ?? 0, MinExp: 0, MaxExp: 100 }} />
      )}
    </div>
  );
}
