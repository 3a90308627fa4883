// The Lineups tab: build progress and warnings, then sub-tabs. "Lineups" holds the sortable,
// filterable lineup table with the exposure panel beside it (a row opens the lineup's detail);
// "Post-build analysis" holds the analysis, "Simulate contest" the contest simulation. Further
// panels join `subTabs` below, and may add per-lineup columns to the table through `extraColumns`.
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Empty, Progress, Space, Switch, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { UNABLE_TO_SAVE_LINEUP_DB, getRoster, lineupsUploadCsv, splitBySiteRules, type BuiltLineup } from '@stacksmith/domain';
import { useAuth } from '../../auth/session';
import { useBuilder } from '../builderStore';
import { usePlayers, useSaveLineups, useSaved, useSettings, useUpdateSettings } from '../slateData';
import { useBuild } from '../useBuild';
import { downloadText } from '../../download';
import { ExposurePanel } from './ExposurePanel';
import { LazyPanel, lazyNamed } from '../../shell/lazyNamed';
import { LineupDetail } from './LineupDetail';
import { LineupsTable, lineupTableRows, useLineupGrants, type LineupActions, type LineupTableRow } from './LineupsTable';
import { useLineupLocks, useLockedHashes } from './lineupLocks';
import { SeedControl } from '../SeedControl';

// The charts and the simulation load when their sub-tab first opens.
const PostBuildAnalysis = lazyNamed(() => import('../analysis/PostBuildAnalysis'), 'PostBuildAnalysis');
const SimulatePanel = lazyNamed(() => import('./simulate/SimulatePanel'), 'SimulatePanel');

export type LineupsSubTab = 'table' | 'analysis' | (string & {});

export function LineupsTab({ extraColumns, extraSubTabs = [] }: {
  /** Per-lineup columns other panels add to the table (e.g. simulated ROI, win %). */
  extraColumns?: ColumnsType<LineupTableRow>;
  /** Further sub-tabs after the table and the analysis (e.g. Simulate). */
  extraSubTabs?: { key: string; label: ReactNode; children: ReactNode }[];
} = {}) {
  const { message } = App.useApp();
  const loggedin = useAuth((s) => s.loggedin);
  const ref = useBuilder((s) => s.ref);
  const result = useBuilder((s) => s.result);
  const players = usePlayers();
  const saved = useSaved();
  const saveLineups = useSaveLineups();
  const removeLineup = useBuilder((s) => s.removeLineup);
  const includeSaved = useSettings()?.includeSaved;
  const updateSettings = useUpdateSettings();
  const toggleLock = useLineupLocks((s) => s.toggle);
  const lockedHashes = useLockedHashes();
  const { rebuild } = useBuild();
  const [rebuilding, setRebuilding] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [subTab, setSubTab] = useState<LineupsSubTab>('table');
  const [playerFilter, setPlayerFilter] = useState<string[]>([]);
  const [openHash, setOpenHash] = useState<string | null>(null);

  // Before any build of this visit the tab shows the saved lineups; after one, that build's result.
  const built = result.loading || result.total > 0 || result.failedLoading || result.cancelled;
  const lineups = built ? result.data : saved;
  // The table follows the build batch by batch (a few renders a second, see BUILD_RENDER_INTERVAL_MS);
  // the exposure panel and the analysis wait for the end of the build (re-rendering them per
  // batch made a 150-lineup build take seconds in the browser).
  const tableLineups = lineups;
  const showAnalysis = useDeferredValue(!result.loading) && !result.loading;
  const count = lineups.length;
  const percent = result.total > 0 ? Math.min(100, Math.round((Math.min(result.luNum, result.total) * 100) / result.total)) : 0;

  const savedHashes = useMemo(() => new Set(saved.map((l) => l.lineupHash)), [saved]);
  const grants = useLineupGrants();
  const rows = useMemo(() => lineupTableRows(tableLineups, savedHashes, lockedHashes, grants), [tableLineups, savedHashes, lockedHashes, grants]);
  const playerOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of tableLineups) for (const r of l.rawTable) if (!seen.has(r.Id)) seen.set(r.Id, `${r.Name} (${r.RosterPosition && r.RosterPosition !== 'FLEX' ? r.RosterPosition : r.Position} ${r.TeamAbbrev})`);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [tableLineups]);

  const doRebuild = useCallback((run: number) => {
    setRebuilding(run);
    rebuild(run)
      .catch((error: unknown) => { void message.error((error as Error).message); })
      .finally(() => setRebuilding(null));
  }, [rebuild, message]);

  const actions: LineupActions = useMemo(() => ({
    onOpen: (r) => setOpenHash(r.lineup.lineupHash),
    onRebuild: doRebuild,
    onToggleLock: (l: BuiltLineup) => toggleLock(l),
    onRemove: (l: BuiltLineup) => removeLineup(l.lineupHash),
    rebuilding,
    canRebuild: loggedin && built && !result.loading && rebuilding === null,
    canEdit: built && !result.loading,
  }), [doRebuild, toggleLock, removeLineup, rebuilding, loggedin, built, result.loading]);

  if (!ref) return null;
  const roster = getRoster(ref.sport, ref.site, ref.contestType);
  const openRow = openHash ? rows.find((r) => r.lineup.lineupHash === openHash) ?? null : null;

  const exportCsv = () => {
    try {
      // The file goes to the site: a lineup it would refuse (a saved one from before a rule held) stays out, and the page says why.
      const check = splitBySiteRules(roster, lineups, players, (l, i) => `Lineup ${l.rawTable[0]?.Run ?? i + 1}`);
      if (check.refused.length > 0) void message.warning(check.refused.join(' '));
      if (check.accepted.length === 0) return;
      const csv = lineupsUploadCsv(check.accepted, roster);
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

  const subTabs = [
    {
      key: 'table',
      label: 'Lineups',
      children: (
        <div className="ss-lineups-layout">
          <LineupsTable rows={rows} expectedRows={result.loading ? result.total : 0} roster={roster} actions={actions} extraColumns={extraColumns}
            playerFilter={playerFilter} onPlayerFilter={setPlayerFilter} playerOptions={playerOptions} />
          {showAnalysis ? (
            <ExposurePanel slate={ref} lineups={lineups} players={players}
              onPickPlayer={(id) => setPlayerFilter((f) => (f.includes(id) ? f : [...f, id]))} />
          ) : <div className="ss-muted">Exposure shows when the build is done.</div>}
        </div>
      ),
    },
    {
      key: 'analysis',
      label: 'Post-build analysis',
      disabled: !showAnalysis,
      children: showAnalysis && subTab === 'analysis' ? <LazyPanel><PostBuildAnalysis slate={ref} lineups={lineups} players={players} /></LazyPanel> : null,
    },
    { key: 'simulate', label: 'Simulate contest', children: <LazyPanel><SimulatePanel lineups={lineups} busy={result.loading} /></LazyPanel> },
    ...extraSubTabs,
  ];

  return (
    <div>
      <div className="ss-progress" data-testid="build-progress">
        <Progress
          percent={result.loading || result.luNum > 0 ? percent : count > 0 ? 100 : 0}
          // Not 'active' while building: its endless shine (and the bar's width easing) made the
          // browser paint a frame every 16 ms of the build, a third of its main-thread work.
          status={result.failedLoading ? 'exception' : result.loading || result.cancelled ? 'normal' : undefined}
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
        <SeedControl />
        {lockedHashes.size > 0 ? <span className="ss-muted" data-testid="locked-count">{lockedHashes.size} locked: the next build keeps them</span> : null}
        <span className="ss-toolbar-spacer" />
        <Space wrap>
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
      {count === 0 ? <Empty description={result.loading ? 'Building lineups…' : 'No lineups yet'} /> : (
        <Tabs className="ss-lineups-subtabs ss-tabs-wrap" size="small" activeKey={subTab} onChange={setSubTab} items={subTabs} />
      )}
      <LineupDetail row={openRow} actions={actions} onClose={() => setOpenHash(null)} />
    </div>
  );
}
