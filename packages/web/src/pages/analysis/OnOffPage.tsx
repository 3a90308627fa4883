// /analysis/nba/dk/Main/on-off (spec site §2, §7; model in docs/on-off.md): pick who is off, the
// server moves their minutes and usage to teammates and answers who gains.
import { Card, Empty, InputNumber, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { slateDefaultDate, type Site } from '@stacksmith/domain';
import { builderApi } from '../../api/client';
import { analysisCalls, type OnOffValue } from '../../api/analysis';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

/** The rotation cut the report starts with; the spec leaves the value open (site §9). */
export const DEFAULT_MIN_MINUTES = 10;
const SITE: Site = 'dk';

const signed = (v: number) => (v > 0 ? `+${v.toFixed(2)}` : v.toFixed(2));
const COLUMNS: ColumnsType<OnOffValue> = [
  { title: 'Name', dataIndex: 'Name', key: 'Name', width: 180 },
  { title: 'Team', dataIndex: 'TeamAbbrev', key: 'TeamAbbrev', width: 70 },
  { title: 'Salary', dataIndex: 'Salary', key: 'Salary', width: 90, render: (v: number) => `$${Number(v).toLocaleString()}` },
  { title: 'Mins', key: 'mins', width: 120, render: (_, r) => `${r.ProjMins.toFixed(1)} → ${r.OnOffMins.toFixed(1)}` },
  { title: 'Usage', dataIndex: 'OnOffUsage', key: 'OnOffUsage', width: 80, render: (v: number) => `${v.toFixed(1)}%` },
  { title: 'Proj Pts', key: 'pts', width: 130, render: (_, r) => `${r.ProjPts.toFixed(2)} → ${r.OnOffPts.toFixed(2)}` },
  { title: 'Gain', dataIndex: 'OnOffDiff', key: 'OnOffDiff', width: 80, defaultSortOrder: 'descend', sorter: (a, b) => a.OnOffDiff - b.OnOffDiff,
    render: (v: number) => <span className={v > 0 ? 'ss-gain' : v < 0 ? 'ss-loss' : ''}>{signed(v)}</span> },
  { title: 'Value', dataIndex: 'Value', key: 'Value', width: 80, sorter: (a, b) => a.Value - b.Value, render: (v: number) => v.toFixed(2) },
  { title: 'Value +/-', dataIndex: 'OnOffValueDiff', key: 'OnOffValueDiff', width: 90, sorter: (a, b) => a.OnOffValueDiff - b.OnOffValueDiff, render: signed },
];

export function OnOffPage() {
  const [query] = useSearchParams();
  const fallback = slateDefaultDate('nba', Date.now());
  const date = query.get('date') ?? fallback.date;
  const [off, setOff] = useState<string[] | null>(null);
  const [minMinutes, setMinMinutes] = useState(DEFAULT_MIN_MINUTES);
  const players = useQuery({
    queryKey: ['on-off-players', date],
    queryFn: () => builderApi.players({ sport: 'nba', site: SITE, contestType: 'classic', slate: 'Main', season: fallback.season, counter: date }),
    retry: false,
  });
  const table = useMemo(() => players.data?.players ?? [], [players.data]);
  const suggested = useQuery({ queryKey: ['off-list', date, table.length], queryFn: () => analysisCalls.offList(table), enabled: table.length > 0, retry: false });
  useEffect(() => { if (off === null && suggested.data) setOff(suggested.data); }, [suggested.data, off]);
  const offList = off ?? [];
  const values = useQuery({
    queryKey: ['on-off-values', date, offList, minMinutes, table.length],
    queryFn: () => analysisCalls.onOffValues({ playerTable: table, updatedAt: players.data?.updated_at, offList, site: SITE, minMinutes }),
    enabled: table.length > 0 && off !== null,
    retry: false,
  });
  const gainers = values.data?.values ?? [];

  return (
    <div className="ss-wide-page">
      <h1 className="ss-page-title">NBA On/Off Report</h1>
      <div className="ss-toolbar">
        <span>Off</span>
        <Select mode="multiple" aria-label="Players off" style={{ minWidth: 420, flex: 1 }} placeholder="Choose players who are out"
          value={offList} onChange={(ids: string[]) => setOff(ids)} optionFilterProp="label" loading={players.isLoading}
          options={table.map((p) => ({ value: String(p.Id), label: `${p.Name} (${p.TeamAbbrev})` }))} />
        <span>Min minutes</span>
        <InputNumber aria-label="Min minutes" min={0} max={48} value={minMinutes} onChange={(v) => setMinMinutes(Number(v ?? 0))} />
        <span className="ss-muted">DraftKings Main, {date}</span>
      </div>
      {players.isError && <Empty description="No NBA slate for this date" />}
      <Card className="ss-chart-card" title="Who gains" style={{ marginBottom: 16 }}>
        {gainers.length > 0 ? (
          <ResponsiveContainer width="100%" height={Math.max(160, Math.min(gainers.length, 15) * 26 + 40)}>
            <BarChart data={gainers.slice(0, 15)} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" />
              <YAxis type="category" dataKey="Name" width={150} />
              <Tooltip formatter={(v) => `+${Number(v).toFixed(2)} pts`} />
              <Bar dataKey="OnOffDiff" name="Projected points gained" fill="#1a8f3c" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        ) : <Empty description={offList.length ? 'Nobody gains with these players off' : 'Choose players who are off'} />}
      </Card>
      <Table<OnOffValue> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Id" loading={values.isFetching} dataSource={gainers} columns={COLUMNS}
        pagination={false} scroll={{ y: 500, x: 'max-content' }} />
    </div>
  );
}
