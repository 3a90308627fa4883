// /analysis/nfl/{site}/Main/stacks: the week's QB stacks from contest results and
// how stack sizes finished, per site.
import { Card, Empty, Select, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CURRENT_SEASON, FINISH_BUCKET_LABELS, FINISH_BUCKETS, NFL_SHOWDOWN_COUNTER, SITE_NAMES, TABLE_LAYOUTS, type FinishBucket, type Site } from '@stacksmith/domain';
import type { StackShareRow, TopStackRow } from '@stacksmith/domain';
import { analysisCalls } from '../../api/analysis';
import { defaultNflWeek } from '../../builder/route';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

const SITES: Site[] = ['dk', 'fd', 'ya'];
const BUCKET_COLOURS: Record<string, string> = { Finish1to5: '#1a8f3c', Finish6to50: '#2a5dbb', Cashed: '#8fb3e8', Lost: '#c9ced6' };

const STACK_COLUMNS: ColumnsType<TopStackRow> = [
  { title: 'QB', dataIndex: 'QB', key: 'QB', width: 170 },
  { title: 'Team', dataIndex: 'Team', key: 'Team', width: 70 },
  { title: 'Stacked with', dataIndex: 'Players', key: 'Players', render: (p: string[]) => p.join(', ') },
  { title: 'Entries', dataIndex: 'Count', key: 'Count', width: 80, sorter: (a, b) => a.Count - b.Count },
  { title: FINISH_BUCKET_LABELS.Finish1to5, dataIndex: 'TopCount', key: 'TopCount', width: 80, sorter: (a, b) => a.TopCount - b.TopCount },
  { title: '% of field', dataIndex: 'Pct', key: 'Pct', width: 90, sorter: (a, b) => a.Pct - b.Pct, render: (v: number) => `${v.toFixed(2)}%` },
  { title: 'Avg Pts', dataIndex: 'AvgPoints', key: 'AvgPoints', width: 90, sorter: (a, b) => a.AvgPoints - b.AvgPoints, render: (v: number) => v.toFixed(2) },
];

const pct = (v: number) => `${v.toFixed(1)}%`;
const SHARE_COLUMNS: ColumnsType<StackShareRow> = [
  { title: 'Stack', dataIndex: 'Stack', key: 'Stack' },
  { title: 'All entries', dataIndex: 'All', key: 'All', render: pct },
  ...Object.entries(FINISH_BUCKET_LABELS).map(([key, title]) => ({ title, dataIndex: key, key, render: pct })),
];

export function StacksAnalysisPage() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const site = (SITES.includes(params.site as Site) ? params.site : 'dk') as Site;
  const season = Number(query.get('season')) || CURRENT_SEASON;
  const week = Number(query.get('week')) || defaultNflWeek('classic', Date.now());
  const data = useQuery({ queryKey: ['top-stacks', season, week, site], queryFn: () => analysisCalls.topStacks(season, week, site), retry: false });

  return (
    <div className="ss-wide-page">
      <h1 className="ss-page-title">NFL Stacks Analysis</h1>
      <Tabs activeKey={site} onChange={(s) => navigate(`/analysis/nfl/${s}/Main/stacks?${query.toString()}`)}
        items={SITES.map((s) => ({ key: s, label: SITE_NAMES[s] }))} />
      <div className="ss-toolbar">
        <span>Week</span>
        <Select aria-label="Week" style={{ width: 90 }} value={week}
          onChange={(w: number) => { const q = new URLSearchParams(query); q.set('week', String(w)); setQuery(q, { replace: true }); }}
          options={Array.from({ length: NFL_SHOWDOWN_COUNTER - 1 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
        <span className="ss-muted">{data.data ? `${data.data.entries} contest entries, season ${season}` : ''}</span>
      </div>
      <Card className="ss-chart-card" title="How stack sizes finished (share of each finish bucket)" style={{ marginBottom: 16 }}>
        {data.data && data.data.entries > 0 ? (
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={data.data.stackShares} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="Stack" />
              <YAxis unit="%" />
              <Tooltip formatter={(v) => `${Number(v).toFixed(1)}%`} />
              {/* In bucket order, as the bars stand (recharts sorts a legend by label by default). */}
              <Legend itemSorter={(item) => FINISH_BUCKETS.indexOf(item.dataKey as FinishBucket)} />
              {Object.entries(FINISH_BUCKET_LABELS).map(([key, label]) => <Bar key={key} dataKey={key} name={label} fill={BUCKET_COLOURS[key]} isAnimationActive={false} />)}
            </BarChart>
          </ResponsiveContainer>
        ) : <Empty description="No contest results for this week" />}
        <Table<StackShareRow> showSorterTooltip={SORTER_TOOLTIP} size="small" rowKey="Stack" dataSource={data.data?.stackShares ?? []} columns={SHARE_COLUMNS} pagination={false} style={{ marginTop: 12 }} />
      </Card>
      <Card title="Top QB stacks" className="ss-chart-card">
        <Table<TopStackRow>
          showSorterTooltip={SORTER_TOOLTIP}
          size="small"
          rowKey={(r) => `${r.QB}|${r.Players.join(',')}`}
          loading={data.isLoading}
          dataSource={data.data?.stacks ?? []}
          columns={STACK_COLUMNS}
          pagination={false}
          scroll={{ y: TABLE_LAYOUTS.postBuildStacks.scrollHeight }}
        />
      </Card>
    </div>
  );
}
