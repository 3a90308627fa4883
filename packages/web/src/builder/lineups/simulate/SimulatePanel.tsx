// The Simulate panel of the Lineups tab (docs/simulation.md): the lineups entered in a simulated contest,
// or the best N picked from a pool the server builds ("Select best N", which replaces the
// build). Sortable per-lineup results, the portfolio's numbers and its profit histogram.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, InputNumber, Progress, Select, Space, Statistic, Table, Tooltip } from 'antd';
import { ExperimentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { featureNotInPlan, lineupTotals, MAX_LINEUP_LIMIT, TOOLTIP_HOVER_DELAY_SECONDS, type BuiltLineup } from '@stacksmith/domain';
import { CONTEST_TEMPLATES, CONTEST_TEMPLATE_NAMES, type ContestTemplate } from '@stacksmith/sim/contest';
import { usePermission } from '../../../permissions/usePermissions';
import { SORTER_TOOLTIP } from '../../../shell/sorterTooltip';
import { useBuilder } from '../../builderStore';
import { slateSnapshot } from '../../slateData';
import { buildRequest, useLineupLimit } from '../../useBuild';
import { openSimulation, type SimLineupStats, type SimProgress, type SimResult } from './simulateSocket';

const PHASES: Record<SimProgress['phase'], string> = {
  build: 'Building the pool', simulate: 'Simulating', select: 'Selecting', evaluate: 'Checking on fresh simulations',
};

interface ResultRow extends SimLineupStats {
  key: string;
  run: number;
  points: number;
  salary: number;
  ownership: number;
}

const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`;
const money = (x: number) => `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString(undefined, { maximumFractionDigits: 0 })}`;

export function SimulatePanel({ lineups, busy }: { lineups: BuiltLineup[]; busy: boolean }) {
  const allowed = usePermission('opt.nfl.simulation');
  const lineupLimit = useLineupLimit();
  const client = useQueryClient();
  const [template, setTemplate] = useState<ContestTemplate>('gpp');
  const [fieldSize, setFieldSize] = useState(10_000);
  const [entryFee, setEntryFee] = useState(20);
  const [simulations, setSimulations] = useState(2000);
  const [select, setSelect] = useState(Math.min(MAX_LINEUP_LIMIT, lineupLimit));
  const [pool, setPool] = useState(1000);
  // Percent; null: the sport's default (the server says which it used).
  const [projectionError, setProjectionError] = useState<number | null>(null);
  const [progress, setProgress] = useState<SimProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The lineups the shown results belong to, with the results.
  const [shown, setShown] = useState<{ lineups: BuiltLineup[]; stats: SimLineupStats[]; result: SimResult } | null>(null);
  const connection = useRef<{ cancel: () => void } | null>(null);
  useEffect(() => () => connection.current?.cancel(), []);

  const running = progress !== null;
  const contest = { template, fieldSize, entryFee };
  const uncertainty = projectionError === null ? {} : { projectionError };

  const start = (message: Parameters<typeof openSimulation>[0], onResult: (result: SimResult) => void) => {
    setError(null);
    setProgress({ phase: 'simulate', done: 0, total: simulations });
    connection.current = openSimulation(message, {
      onProgress: setProgress,
      onResult: (result) => { connection.current = null; setProgress(null); onResult(result); },
      onError: (message) => { connection.current = null; setProgress(null); setError(message); },
    });
  };

  const simulateBuild = () => {
    const { settings } = slateSnapshot(client);
    if (!settings) return;
    const request = buildRequest(client, settings, 1, []);
    const snapshot = lineups;
    start({ ...request, lineups: snapshot.map((l) => l.rawTable.map((r) => r.Id)), contest, simulations, ...uncertainty }, (result) => {
      setShown({ lineups: snapshot, stats: result.lineups, result });
    });
  };

  const selectBest = () => {
    const { settings } = slateSnapshot(client);
    if (!settings) return;
    const request = buildRequest(client, settings, pool, []);
    start({ ...request, pool, select, contest, simulations, ...uncertainty }, (result) => {
      const chosen = result.lu ?? [];
      // "Select best N" replaces the build with the chosen lineups.
      useBuilder.setState((s) => ({
        result: { ...s.result, data: chosen, luNum: chosen.length, total: chosen.length, loading: false, cancelled: false, failedLoading: false, warnings: result.warnings, error: null },
      }));
      setShown({ lineups: chosen, stats: (result.selected ?? []).map((i) => result.lineups[i]!), result });
    });
  };

  const cancel = () => {
    connection.current?.cancel();
    connection.current = null;
    setProgress(null);
  };

  const rows = useMemo((): ResultRow[] => (shown ? shown.lineups.map((lineup, i) => {
    const totals = lineupTotals(lineup.rawTable);
    return {
      ...shown.stats[i]!, key: `${i}-${lineup.lineupHash}`, run: lineup.rawTable[0]?.Run ?? i + 1,
      points: totals.points, salary: totals.salary, ownership: totals.ownership,
    };
  }) : []), [shown]);

  const portfolio = shown?.result.portfolio ?? null;
  const histogram = useMemo(() => (portfolio ? portfolio.histogram.counts.map((count, i) => ({
    profit: Math.round((portfolio.histogram.edges[i]! + portfolio.histogram.edges[i + 1]!) / 2), count,
  })) : []), [portfolio]);

  const body = (
    <div data-testid="simulate-panel">
      {!allowed ? <Alert type="info" showIcon message={featureNotInPlan('opt.nfl.simulation')} style={{ marginBottom: 12 }} /> : null}
      <div className="ss-toolbar">
        <label className="ss-muted">Contest{' '}
          <Select<ContestTemplate> aria-label="Contest type" value={template} onChange={setTemplate} style={{ width: 190 }}
            options={CONTEST_TEMPLATES.map((t) => ({ value: t, label: CONTEST_TEMPLATE_NAMES[t] }))} />
        </label>
        <label className="ss-muted">Entries <InputNumber aria-label="Field size" min={2} max={200_000} value={fieldSize} onChange={(v) => setFieldSize(v ?? 10_000)} /></label>
        <label className="ss-muted">Fee $ <InputNumber aria-label="Entry fee" min={0.25} max={100_000} value={entryFee} onChange={(v) => setEntryFee(v ?? 20)} /></label>
        <label className="ss-muted">Simulations <InputNumber aria-label="Simulations" min={100} max={20_000} step={1000} value={simulations} onChange={(v) => setSimulations(v ?? 2000)} /></label>
        <Tooltip title="How far your projections may be off (typical error of a player's projected mean, in percent). Empty: the sport's default. 0 takes them as exact, which overstates ROI." mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
          <label className="ss-muted">Projection error % <InputNumber aria-label="Projection error" min={0} max={100} placeholder="default" value={projectionError} onChange={(v) => setProjectionError(v ?? null)} style={{ width: 90 }} /></label>
        </Tooltip>
      </div>
      <div className="ss-toolbar">
        <Tooltip title="Enter these lineups together in the simulated contest" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
          <Button icon={<ExperimentOutlined />} onClick={simulateBuild} disabled={!allowed || running || busy || lineups.length === 0} data-testid="simulate">Simulate</Button>
        </Tooltip>
        <span className="ss-muted">
          Best <InputNumber aria-label="Lineups to select" min={1} max={Math.min(150, lineupLimit)} value={select} onChange={(v) => setSelect(v ?? 1)} style={{ width: 80 }} />
          {' '}of a pool of <InputNumber aria-label="Pool size" min={2} max={5000} step={500} value={pool} onChange={(v) => setPool(v ?? 1000)} style={{ width: 90 }} />
        </span>
        <Tooltip title="Build the pool with randomness, simulate it, and replace the build with the lineups that add most to the expected payout together" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={selectBest} disabled={!allowed || running || busy || select > pool} data-testid="select-best">Select best {select}</Button>
        </Tooltip>
        {running ? <Button onClick={cancel} data-testid="cancel-simulation">Cancel</Button> : null}
      </div>
      {progress ? (
        <div data-testid="simulate-progress">
          <span className="ss-muted">{PHASES[progress.phase]} {progress.done.toLocaleString()} / {progress.total.toLocaleString()}</span>
          <Progress percent={progress.total > 0 ? Math.round((progress.done * 100) / progress.total) : 0} status="active" />
        </div>
      ) : null}
      {error ? <Alert type="error" showIcon message="The simulation failed" description={error} style={{ marginBottom: 12 }} /> : null}
      {shown ? (
        <div data-testid="simulate-results">
          {shown.result.warnings.map((w) => <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 8 }} />)}
          <p className="ss-muted">
            {shown.result.contest.name}: {shown.result.contest.fieldSize.toLocaleString()} entries at ${shown.result.contest.entryFee}, {shown.result.contest.paidPlaces.toLocaleString()} paid,
            1st {money(shown.result.contest.topPrize)}; {shown.result.simulations.toLocaleString()} simulations
            {shown.result.projectionError !== undefined ? `, projections taken as off by about ${Math.round(100 * shown.result.projectionError)}%` : ''}.
            {' '}Each figure is ± one standard error.
          </p>
          {portfolio ? (
            <>
              <Space size="large" wrap>
                <Statistic title={`ROI of ${portfolio.entries} entries`} value={`${pct(portfolio.roi)} ± ${pct(portfolio.roiSe)}`} />
                <Statistic title="Mean profit" value={`${money(portfolio.meanProfit)} ± ${money(portfolio.profitSe)}`} />
                <Statistic title="Top 1 % per entry" value={`${pct(portfolio.top1, 2)} ± ${pct(portfolio.top1Se, 2)}`} />
                <Statistic title="Cash per entry" value={pct(portfolio.cash)} />
                <Statistic title="P(loss)" value={pct(portfolio.pLoss)} />
                {shown.result.edge && shown.result.plain ? (
                  <Statistic title={`Over your plain build (${pct(shown.result.plain.roi)} ± ${pct(shown.result.plain.roiSe)})`}
                    value={`${shown.result.edge.roi >= 0 ? '+' : ''}${pct(shown.result.edge.roi)} ± ${pct(shown.result.edge.roiSe)}`} data-testid="simulate-edge" />
                ) : null}
              </Space>
              <div style={{ width: '100%', height: 220 }} data-testid="profit-histogram">
                <ResponsiveContainer>
                  <BarChart data={histogram} margin={{ top: 12, right: 12, bottom: 4, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="profit" tickFormatter={money} />
                    <YAxis allowDecimals={false} />
                    <ChartTooltip formatter={(v) => [`${v} simulations`, 'Count']} labelFormatter={(v) => `Profit about ${money(Number(v))}`} />
                    <Bar dataKey="count" fill="#1f6feb" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </>
          ) : null}
          <Table<ResultRow>
            size="small" rowKey="key" dataSource={rows} showSorterTooltip={SORTER_TOOLTIP} pagination={{ pageSize: 25, showSizeChanger: false }}
            scroll={{ x: 'max-content' }} data-testid="simulate-table"
            columns={[
              { title: 'Lineup', dataIndex: 'run', sorter: (a, b) => a.run - b.run, width: 80 },
              { title: 'Proj', dataIndex: 'points', sorter: (a, b) => a.points - b.points, render: (v: number) => v.toFixed(1) },
              { title: 'Salary', dataIndex: 'salary', sorter: (a, b) => a.salary - b.salary, render: (v: number) => `$${v.toLocaleString()}` },
              { title: 'Own %', dataIndex: 'ownership', sorter: (a, b) => a.ownership - b.ownership, render: (v: number) => v.toFixed(1) },
              { title: 'ROI', dataIndex: 'roi', defaultSortOrder: 'descend', sorter: (a, b) => a.roi - b.roi, render: (v: number, r) => `${pct(v)} ± ${pct(r.roiSe)}` },
              { title: 'Win', dataIndex: 'win', sorter: (a, b) => a.win - b.win, render: (v: number) => pct(v, 2) },
              { title: 'Top 1 %', dataIndex: 'top1', sorter: (a, b) => a.top1 - b.top1, render: (v: number) => pct(v, 2) },
              { title: 'Cash', dataIndex: 'cash', sorter: (a, b) => a.cash - b.cash, render: (v: number) => pct(v) },
              { title: 'Dupes', dataIndex: 'duplicates', sorter: (a, b) => a.duplicates - b.duplicates },
            ]}
          />
        </div>
      ) : null}
    </div>
  );

  return body;
}
