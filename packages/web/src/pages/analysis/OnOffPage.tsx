// /analysis/nba/{site}/Main/on-off?date= (model in docs/on-off.md): pick who is
// off, the server moves their minutes and usage to teammates and answers who gains. The site
// and date are chosen on the page; "Use in the NBA optimizer" carries the adjusted projections
// (and the off players, excluded) into that slate's builder as the user's edits.
import { App, Button, Card, DatePicker, Empty, InputNumber, Select, Table } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SITE_NAMES, displayDate, sitesFor, slateDefaultDate, type PlayerOverride, type Site } from '@stacksmith/domain';
import { builderApi, type SlateRef } from '../../api/client';
import { useAuth } from '../../auth/session';
import { builderUrl, slateKey } from '../../builder/route';
import { useVisitorEdits } from '../../builder/visitorStore';
import type { OnOffValue } from '@stacksmith/domain';
import { analysisCalls } from '../../api/analysis';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';
import { DATE_PICKER_FORMAT } from '../../shell/datePicker';

/** The rotation cut the report starts with; the value is ours (no source fixes one). */
export const DEFAULT_MIN_MINUTES = 10;
const NBA_SITES = sitesFor('nba');
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The builder edits that carry an on/off report: each on player's adjusted projection (and
 * minutes) where it moved, and the off players excluded (Max Exp 0).
 */
export function onOffOverrides(players: readonly { Id: string | number; ProjPts: number; OnOffPts: number; ProjMins?: number; OnOffMins: number }[], off: readonly string[]): PlayerOverride[] {
  const offSet = new Set(off);
  const moved = players
    .filter((p) => !offSet.has(String(p.Id)) && Math.abs(p.OnOffPts - p.ProjPts) >= 0.005)
    .map((p) => ({
      Id: String(p.Id), UserProj: round2(p.OnOffPts),
      ...(p.ProjMins !== undefined && Math.abs(p.OnOffMins - p.ProjMins) >= 0.05 ? { UserMins: Math.round(p.OnOffMins * 10) / 10 } : {}),
    }));
  return [...moved, ...off.map((id) => ({ Id: id, MinExp: 0, MaxExp: 0 }))];
}

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
  const [query, setQuery] = useSearchParams();
  const params = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const loggedin = useAuth((s) => s.loggedin);
  const SITE: Site = NBA_SITES.includes(params.site as Site) ? (params.site as Site) : 'dk';
  const fallback = slateDefaultDate('nba', Date.now());
  const date = query.get('date') ?? fallback.date;
  const [carrying, setCarrying] = useState(false);
  const [off, setOff] = useState<string[] | null>(null);
  const [minMinutes, setMinMinutes] = useState(DEFAULT_MIN_MINUTES);
  const players = useQuery({
    queryKey: ['on-off-players', SITE, date],
    queryFn: () => builderApi.players({ sport: 'nba', site: SITE, contestType: 'classic', slate: 'Main', season: fallback.season, counter: date }),
    retry: false,
  });
  const table = useMemo(() => players.data?.players ?? [], [players.data]);
  const suggested = useQuery({ queryKey: ['off-list', SITE, date, table.length], queryFn: () => analysisCalls.offList(table), enabled: table.length > 0, retry: false });
  useEffect(() => { if (off === null && suggested.data) setOff(suggested.data); }, [suggested.data, off]);
  const offList = off ?? [];
  const values = useQuery({
    queryKey: ['on-off-values', SITE, date, offList, minMinutes, table.length],
    queryFn: () => analysisCalls.onOffValues({ playerTable: table, updatedAt: players.data?.updated_at, offList, site: SITE, minMinutes }),
    enabled: table.length > 0 && off !== null,
    retry: false,
  });
  const gainers = values.data?.values ?? [];

  const slate: SlateRef = { sport: 'nba', site: SITE, contestType: 'classic', slate: 'Main', season: fallback.season, counter: date };
  const carry = async () => {
    const rows = onOffOverrides(values.data?.players ?? [], offList);
    setCarrying(true);
    try {
      if (loggedin) await builderApi.saveUserProjections(slate, rows);
      else useVisitorEdits.getState().savePlayers(slateKey(slate), rows);
      navigate(builderUrl(slate, new URLSearchParams({ date })));
    } catch (error) {
      void message.error(`The projections could not be saved: ${(error as Error).message}`);
    } finally {
      setCarrying(false);
    }
  };

  return (
    <div className="ss-wide-page">
      <h1 className="ss-page-title">NBA On/Off Report</h1>
      <div className="ss-toolbar">
        <span>Off</span>
        <Select mode="multiple" aria-label="Players off" style={{ flex: '1 1 320px', minWidth: 0, maxWidth: '100%' }} placeholder="Choose players who are out"
          value={offList} onChange={(ids: string[]) => setOff(ids)} optionFilterProp="label" loading={players.isLoading}
          options={table.map((p) => ({ value: String(p.Id), label: `${p.Name} (${p.TeamAbbrev})` }))} />
        <span>Min minutes</span>
        <InputNumber aria-label="Min minutes" min={0} max={48} value={minMinutes} onChange={(v) => setMinMinutes(Number(v ?? 0))} />
        <Select aria-label="Site" value={SITE} style={{ width: 130 }} options={NBA_SITES.map((s) => ({ value: s, label: SITE_NAMES[s] }))}
          onChange={(site: Site) => { setOff(null); navigate(`/analysis/nba/${site}/Main/on-off?date=${date}`); }} />
        <DatePicker aria-label="Date" allowClear={false} format={DATE_PICKER_FORMAT} value={dayjs(date)}
          onChange={(d) => { if (d) { setOff(null); setQuery({ date: d.format('YYYY-MM-DD') }); } }} />
        <Button type="primary" icon={<ThunderboltOutlined />} loading={carrying} disabled={!values.data || values.isFetching}
          onClick={() => void carry()} data-testid="carry-to-optimizer">Use in the NBA optimizer</Button>
      </div>
      <div className="ss-muted" style={{ marginBottom: 12 }}>
        {SITE_NAMES[SITE]} Main, {displayDate(date) ?? date}. The optimizer button saves each player's adjusted projection and minutes as your edits on this slate and leaves the off players out.
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
