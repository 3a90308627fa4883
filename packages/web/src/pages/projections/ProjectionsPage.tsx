// /projections/{sport}/{site} and /projections/{contestType}/{sport}/{site}:
// site tabs, a slate dropdown of classic and showdown slates, a sortable
// table (page size 100, scroll 700) and a CSV download that needs opt.nfl.ownership.
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Select, Table, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, NFL_SHOWDOWN_COUNTER, PROJECTIONS_SITE_TABS, TABLE_LAYOUTS, UPGRADE_FOR_THIS_FEATURE,
  playersForContest, projectionsCsv, projectionsCsvName, roundTo, siteId, valuePerSalary, type ContestType, type PlayerRow, type Site, type Sport,
  findRoster, sitesFor,
} from '@stacksmith/domain';
import { builderApi } from '../../api/client';
import { GatedValue } from '../../permissions/Gated';
import { usePermission } from '../../permissions/usePermissions';
import { downloadText } from '../../download';
import { useAuth } from '../../auth/session';
import { PlayerStatsModal } from '../../builder/players/PlayerStatsModal';
import { isContestType, slateCounter } from '../../builder/route';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';
import { DATE_PICKER_FORMAT } from '../../shell/datePicker';

type ProjectionRow = PlayerRow & { Value: number };

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const sorter = (key: keyof ProjectionRow) => (a: ProjectionRow, b: ProjectionRow) => {
  const x = a[key];
  const y = b[key];
  return typeof x === 'number' || typeof y === 'number' ? num(x) - num(y) : String(x ?? '').localeCompare(String(y ?? ''));
};

export function ProjectionsPage() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const sport = (params.sport ?? 'nfl') as Sport;
  // The site tabs the sport has (nba has no Yahoo).
  const siteTabs = PROJECTIONS_SITE_TABS.filter((t) => sitesFor(sport).includes(t.site));
  const site = (siteTabs.some((t) => t.site === params.site) ? params.site : 'dk') as Site;
  const contestType: ContestType = isContestType(params.contestType) ? params.contestType : 'classic';
  // nfl slates go by season and week, the other sports' by date, as in the builder.
  const nfl = sport === 'nfl';
  const { season, counter } = slateCounter(sport, contestType, query, Date.now());
  const week = nfl ? Number(counter) : counter;
  const slate = query.get('slate') ?? 'Main';
  const canOwnership = usePermission('opt.nfl.ownership');
  const loggedin = useAuth((s) => s.loggedin);
  const [statsFor, setStatsFor] = useState<PlayerRow | null>(null);
  const salaryCap = findRoster(sport, site, contestType)?.salaryCap ?? 0;

  const slates = useQuery({
    queryKey: ['slates', sport, site, season, counter],
    queryFn: () => builderApi.slates({ sport, site, season, counter }),
    retry: false,
  });
  const players = useQuery({
    // The answer depends on the plan (withheld values), so on who asks.
    queryKey: ['projections', sport, site, contestType, slate, season, counter, loggedin],
    queryFn: () => builderApi.players({ sport, site, contestType, slate, season, counter }),
    retry: false,
  });

  // As the builder shows them: a showdown captain at ×1.5 (domain playersForContest), under his site Id.
  // Values the plan lacks are absent (the server withholds them) and stay absent.
  const rows: ProjectionRow[] = useMemo(() => playersForContest(sport, site, contestType, players.data?.players ?? []).map((p) => ({
    ...p, Id: siteId(p.Id),
    Value: (typeof p.ProjPts === 'number' ? roundTo(valuePerSalary(salaryCap, p.ProjPts, num(p.Salary)), 2) : undefined) as number,
  })), [players.data, site, sport, contestType, salaryCap]);

  const go = (next: { site?: Site; contestType?: ContestType; slate?: string; week?: number; date?: string }) => {
    const type = next.contestType ?? contestType;
    const q = new URLSearchParams(query);
    if (nfl) q.set('week', String(next.week ?? week));
    else q.set('date', next.date ?? counter);
    q.set('season', String(season));
    if (next.slate !== undefined) q.set('slate', next.slate);
    if (next.site || next.contestType) {
      navigate(`/projections/${type === 'classic' ? '' : `${type}/`}${sport}/${next.site ?? site}?${q.toString()}`);
    } else {
      setQuery(q);
    }
  };

  const slateOptions = [
    ...(slates.data?.classic ?? []).map((name) => ({ value: `classic|${name}`, label: `${name} (classic)` })),
    ...(slates.data?.showdown ?? []).map((name) => ({ value: `showdown|${name}`, label: `${name} (showdown)` })),
  ];
  const showdown = contestType === 'showdown';
  const columns: ColumnsType<ProjectionRow> = [
    { title: 'Name', dataIndex: 'Name', key: 'Name', sorter: sorter('Name'), fixed: 'left', width: 190,
      render: (name: string, row) => <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setStatsFor(row)}>{name}</Button> },
    { title: 'Pos', dataIndex: 'Position', key: 'Position', sorter: sorter('Position'), width: 70 },
    ...(showdown ? [{ title: 'Roster', dataIndex: 'RosterPosition', key: 'RosterPosition', sorter: sorter('RosterPosition'), width: 80 }] : []),
    { title: 'Team', dataIndex: 'TeamAbbrev', key: 'TeamAbbrev', sorter: sorter('TeamAbbrev'), width: 70 },
    { title: 'Opp', dataIndex: 'Opp', key: 'Opp', sorter: sorter('Opp'), width: 70 },
    { title: 'Salary', dataIndex: 'Salary', key: 'Salary', sorter: sorter('Salary'), width: 90, render: (v: number) => (site === 'ya' ? `$${v}` : `$${num(v).toLocaleString()}`) },
    // Without the plan's permission the server sends these only for the first rows; elsewhere a blurred stand-in.
    { title: 'Proj Pts', dataIndex: 'ProjPts', key: 'ProjPts', sorter: sorter('ProjPts'), defaultSortOrder: 'descend', width: 90,
      render: (v: number | undefined, _row, index) => <GatedValue permission="opt.nfl.projections" rowIndex={index} withheld={v === undefined}>{num(v).toFixed(2)}</GatedValue> },
    { title: 'Proj Own', dataIndex: 'ProjOwn', key: 'ProjOwn', sorter: sorter('ProjOwn'), width: 90,
      render: (v: number | undefined, _row, index) => <GatedValue permission="opt.nfl.ownership" rowIndex={index} withheld={v === undefined}>{`${num(v).toFixed(1)}%`}</GatedValue> },
    { title: 'Ceiling', dataIndex: 'Ceiling', key: 'Ceiling', sorter: sorter('Ceiling'), width: 90,
      render: (v: number | undefined, _row, index) => <GatedValue permission="opt.nfl.projections" rowIndex={index} withheld={v === undefined}>{num(v).toFixed(2)}</GatedValue> },
    { title: 'Value', dataIndex: 'Value', key: 'Value', sorter: sorter('Value'), width: 80,
      render: (v: number | undefined, _row, index) => <GatedValue permission="opt.nfl.projections" rowIndex={index} withheld={v === undefined}>{num(v).toFixed(2)}</GatedValue> },
  ];

  // The file holds the rows as fetched, each with its own points (a captain unscaled): whatever
  // reads it back multiplies the captain once (domain projectionsCsv).
  const download = () => downloadText(projectionsCsvName(site, slate, week, season), projectionsCsv(contestType, salaryCap, players.data?.players ?? []));

  return (
    <div className="ss-wide-page">
      <h1 className="ss-page-title">{sport.toUpperCase()} Projections</h1>
      <Tabs activeKey={site} onChange={(key) => go({ site: key as Site, slate: 'Main', contestType: nfl && week === NFL_SHOWDOWN_COUNTER ? 'showdown' : 'classic' })}
        items={siteTabs.map((t) => ({ key: t.site, label: t.label }))} />
      <div className="ss-toolbar">
        {nfl ? (
          <>
            <span>Week</span>
            <Select aria-label="Week" style={{ width: 90 }} value={Number(counter)}
              onChange={(w: number) => go({ week: w, slate: 'Main', contestType: w === NFL_SHOWDOWN_COUNTER ? 'showdown' : 'classic' })}
              options={Array.from({ length: NFL_SHOWDOWN_COUNTER }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
          </>
        ) : (
          <>
            <span>Date</span>
            <DatePicker aria-label="Date" allowClear={false} format={DATE_PICKER_FORMAT} value={dayjs(counter)}
              onChange={(d) => d && go({ date: d.format('YYYY-MM-DD'), slate: 'Main', contestType: 'classic' })} />
          </>
        )}
        <span>Slate</span>
        <Select aria-label="Slate" style={{ width: 220 }} value={`${contestType}|${slate}`} loading={slates.isLoading} options={slateOptions}
          onChange={(value: string) => { const [type, name] = value.split('|'); go({ contestType: type as ContestType, slate: name! }); }} />
        <span className="ss-spacer" />
        {canOwnership ? (
          <Button type="primary" icon={<DownloadOutlined />} onClick={download} disabled={rows.length === 0}>Download CSV</Button>
        ) : (
          <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={UPGRADE_FOR_THIS_FEATURE}><Button icon={<DownloadOutlined />} disabled>Download CSV</Button></Tooltip>
        )}
      </div>
      <Table<ProjectionRow>
        showSorterTooltip={SORTER_TOOLTIP}
        size="small"
        rowKey={(r) => `${r.Id}|${r.RosterPosition ?? ''}`}
        loading={players.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: TABLE_LAYOUTS.projections.pageSize, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ y: TABLE_LAYOUTS.projections.scrollHeight, x: 'max-content' }}
        locale={{ emptyText: <Empty description={players.isError ? 'No projections for this slate yet' : 'No players'} /> }}
      />
      {statsFor && <PlayerStatsModal sport={sport} player={statsFor} before={{ season, counter }} onClose={() => setStatsFor(null)} />}
    </div>
  );
}
