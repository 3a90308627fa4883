import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Progress, Space, Switch, Table, Tooltip } from 'antd';
import { DownloadOutlined, LockOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  TABLE_LAYOUTS, TOOLTIP_HOVER_DELAY_SECONDS, UNABLE_TO_SAVE_LINEUP_DB, getRoster, isExposureOutsideTolerance, lineupExposures,
  lineupTotals, lineupsUploadCsv,
  type BuiltLineup,
} from '@stacksmith/domain';
import { useAuth } from '../../auth/authStore';
import { useBuilder } from '../builderStore';
import { useBuild } from '../useBuild';
import { formatNumber } from '../players/EditCells';
import { PostBuildAnalysis } from '../analysis/PostBuildAnalysis';
import { downloadText } from '../../download';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';
import { SimulatePanel } from './simulate/SimulatePanel';

interface ExposureRow {
  Id: string; Name: string; Position: string; TeamAbbrev: string; MinExp: number; MaxExp: number; Count: number; Exp: number;
}

// Memoised: a build appends a batch of lineups at a time, and the cards already shown stay as they are.
const LineupCard = memo(function LineupCard({ lineup, index, onRebuild, rebuilding, canRebuild }: {
  lineup: BuiltLineup; index: number; onRebuild: (run: number) => void; rebuilding: boolean; canRebuild: boolean;
}) {
  const totals = lineupTotals(lineup.rawTable);
  const run = lineup.rawTable[0]?.Run ?? index + 1;
  return (
    <div className="ss-lineup" data-testid="lineup">
      <div className="ss-lineup-head">
        <span>Lineup {run}{lineup.saved ? <span className="ss-muted"> · saved</span> : null}</span>
        <Tooltip title="Re-build this lineup" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
          <Button size="small" type="text" icon={<ReloadOutlined spin={rebuilding} />} aria-label={`Re-build lineup ${run}`} disabled={!canRebuild} onClick={() => onRebuild(run)} />
        </Tooltip>
      </div>
      {lineup.rawTable.map((row, i) => (
        <div className="ss-lineup-row" key={`${row.Id}-${i}`}>
          <span className="ss-slot">{row.Slot}</span>
          <span>{row.Locked ? <Tooltip title="Game started: kept by the late swap" mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}><LockOutlined className="ss-locked-icon" data-testid="locked-player" aria-label="Locked" /> </Tooltip> : null}{row.Name} <span className="ss-muted">{row.TeamAbbrev}</span></span>
          <span className="ss-num">${Number(row.Salary).toLocaleString()}</span>
          <span className="ss-num">{formatNumber(Number(row.ProjPts), 1, true)}</span>
          <span className="ss-num ss-muted">{formatNumber(Number(row.ProjOwn), 1, true)}%</span>
        </div>
      ))}
      <div className="ss-lineup-foot">
        <span>Salary ${totals.salary.toLocaleString()}</span>
        <span>Pts {formatNumber(totals.points, 1, true)}</span>
        <span>Own {formatNumber(totals.ownership, 1, true)}%</span>
      </div>
    </div>
  );
});

export function LineupsTab() {
  const { message } = App.useApp();
  const loggedin = useAuth((s) => s.loggedin);
  const ref = useBuilder((s) => s.ref);
  const result = useBuilder((s) => s.result);
  const players = useBuilder((s) => s.players.data);
  const saved = useBuilder((s) => s.saved.data);
  const saveLineups = useBuilder((s) => s.saveLineups);
  const includeSaved = useBuilder((s) => s.settings.data?.includeSaved);
  const updateSettings = useBuilder((s) => s.updateSettings);
  const { rebuild } = useBuild();
  const [rebuilding, setRebuilding] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  // Before any build of this visit the tab shows the saved lineups; after one, that build's result.
  const built = result.loading || result.total > 0 || result.failedLoading || result.cancelled;
  // The exposure table and the analysis mount in a deferred render once the build is over,
  // after the last lineups and the full progress bar are on screen: re-rendering the table for
  // each batch made a 150-lineup build take seconds in the browser, and mounting the analysis's
  // tables and charts takes about one.
  const showAnalysis = useDeferredValue(!result.loading) && !result.loading;
  const lineups = built ? result.data : saved;
  const count = lineups.length;
  const percent = result.total > 0 ? Math.min(100, Math.round((Math.min(result.luNum, result.total) * 100) / result.total)) : 0;

  const exposureRows = useMemo((): ExposureRow[] => {
    if (!showAnalysis) return [];
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
        TeamAbbrev: p?.TeamAbbrev ?? row?.TeamAbbrev ?? '',
        MinExp: p?.MinExp ?? 0,
        MaxExp: p?.MaxExp ?? 100,
        Count: e.count,
        Exp: e.exp,
      };
    });
    // Players the user asked for (Min Exp > 0) who made no lineup show too, in red.
    const missing = players
      .filter((p) => p.MinExp > 0 && !exp.has(p.Id))
      .map((p) => ({ Id: p.Id, Name: p.Name, Position: p.Position, TeamAbbrev: p.TeamAbbrev, MinExp: p.MinExp, MaxExp: p.MaxExp, Count: 0, Exp: 0 }));
    return [...rows, ...(lineups.length > 0 ? missing : [])].sort((a, b) => b.Exp - a.Exp);
  }, [lineups, players, showAnalysis]);

  if (!ref) return null;
  const roster = getRoster(ref.sport, ref.site, ref.contestType);

  const exportCsv = () => {
    try {
      const csv = lineupsUploadCsv(lineups, roster);
      downloadText(`${ref.sport}-${ref.site}-${ref.contestType}-${ref.slate}-${ref.season}-${ref.counter}-lineups.csv`, csv);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveLineups(lineups);
      void message.success(`${count} lineups saved`);
    } catch {
      void message.error(UNABLE_TO_SAVE_LINEUP_DB);
    } finally {
      setSaving(false);
    }
  };

  const doRebuild = useCallback((run: number) => {
    setRebuilding(run);
    rebuild(run)
      .catch((error: unknown) => { void message.error((error as Error).message); })
      .finally(() => setRebuilding(null));
  }, [rebuild, message]);

  return (
    <div>
      <div className="ss-progress" data-testid="build-progress">
        <Progress
          percent={result.loading || result.luNum > 0 ? percent : count > 0 ? 100 : 0}
          status={result.failedLoading ? 'exception' : result.loading ? 'active' : result.cancelled ? 'normal' : undefined}
          format={() => `${Math.min(result.luNum || count, result.total || count)} / ${result.total || count}`}
        />
      </div>
      {result.failedLoading ? <Alert type="error" showIcon message="The build failed" description={result.error} style={{ marginBottom: 12 }} /> : null}
      {result.cancelled ? <Alert type="info" showIcon message={`Build cancelled after ${result.data.length} lineups.`} style={{ marginBottom: 12 }} /> : null}
      {result.warnings.length > 0 ? (
        <Alert type="warning" showIcon message="Build warnings" description={<ul>{result.warnings.map((w) => <li key={w}>{w}</li>)}</ul>} style={{ marginBottom: 12 }} />
      ) : null}
      <div className="ss-toolbar">
        <strong>{count} lineups</strong>
        <span className="ss-toolbar-spacer" />
        <Space>
          {loggedin ? (
            <span className="ss-muted">
              Include saved ({saved.length}){' '}
              <Switch size="small" aria-label="Include saved lineups" checked={Boolean(includeSaved)} onChange={(v) => updateSettings({ includeSaved: v })} />
            </span>
          ) : null}
          <Button icon={<SaveOutlined />} onClick={() => void save()} loading={saving} disabled={!loggedin || count === 0 || result.loading}>Save Lineups</Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={exportCsv} disabled={count === 0 || result.loading} data-testid="export-csv">Export CSV</Button>
        </Space>
      </div>
      <SimulatePanel lineups={lineups} busy={result.loading} />
      {count === 0 ? <Empty description={result.loading ? 'Building lineups…' : 'No lineups yet'} /> : (
        <div className="ss-lineups-layout">
          <div className="ss-lineups-grid">
            {lineups.map((lineup, i) => {
              const run = lineup.rawTable[0]?.Run ?? i + 1;
              return (
                <LineupCard
                  key={`${run}-${lineup.lineupHash}`}
                  lineup={lineup}
                  index={i}
                  rebuilding={rebuilding === run}
                  canRebuild={loggedin && !result.loading && rebuilding === null}
                  onRebuild={doRebuild}
                />
              );
            })}
          </div>
          {showAnalysis ? (
            <>
              <h3 style={{ marginTop: 20 }}>Exposure</h3>
              <Table<ExposureRow>
                showSorterTooltip={SORTER_TOOLTIP}
                size="small"
                rowKey="Id"
                dataSource={exposureRows}
                pagination={false}
                scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight ?? undefined }}
                columns={[
                  { title: 'Player', dataIndex: 'Name' },
                  { title: 'Pos', dataIndex: 'Position', width: 70 },
                  { title: 'Team', dataIndex: 'TeamAbbrev', width: 70 },
                  { title: 'Lineups', dataIndex: 'Count', width: 100, sorter: (a, b) => a.Count - b.Count },
                  {
                    title: 'Exp %', dataIndex: 'Exp', width: 90, sorter: (a, b) => a.Exp - b.Exp,
                    render: (v: number, r: { MinExp: number; MaxExp: number }) => (
                      <span className={isExposureOutsideTolerance(v, r.MinExp, r.MaxExp, count) ? 'ss-exp-bad' : ''}>{formatNumber(v)}</span>
                    ),
                  },
                  { title: 'Min', dataIndex: 'MinExp', width: 70 },
                  { title: 'Max', dataIndex: 'MaxExp', width: 70 },
                ]}
              />
              <PostBuildAnalysis slate={ref} lineups={lineups} players={players} />
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
