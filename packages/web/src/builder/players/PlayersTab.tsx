import { memo, useMemo, useRef, useState } from 'react';
import { CheatSheetChips, passesCheatSheet } from '../presets/CheatSheetChips';
import { cheatSheetIds, useCheatSheets, useContent } from '../presets/contentStore';
import { App, Button, Input, Popconfirm, Radio, Segmented, Select, Space, Table, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, SearchOutlined, UndoOutlined, UploadOutlined, SlidersOutlined } from '@ant-design/icons';
import {
  CUSTOM_INPUT_CSV_ONLY, DIFFERENCE_HEAT_THRESHOLDS, NO_ID_HEADING, OWNERSHIP_HEAT_THRESHOLDS, PLAYER_SEARCH_WIDTH_PX, POINTS_HEAT_THRESHOLDS, TABLE_LAYOUTS,
  UNABLE_TO_REMOVE_PLAYER_PROJECTIONS,
  boostPlayer, editExposure, editProjection, getRoster, heatBand, isCsvFileName, isExposureOutsideTolerance, lineupExposures,
  applyCustomInputUpdates, lockPlayer, parseCustomInput, primaryPosition, removePlayer, showdownCustomInputUpdates, sportHasTeams, unlockPlayer, valuePerSalary, gppValue,
  zeroExposures,
  type BuiltLineup, type PlayerRow,
} from '@stacksmith/domain';
import { useQueryClient } from '@tanstack/react-query';
import { builderApi } from '../../api/client';
import { useAuth } from '../../auth/session';
import { useBuilder } from '../builderStore';
import { refetchPlayers, useEditPlayers, usePlayers, usePlayersStatus, useSettings } from '../slateData';
import { isZeroed, setZeroed, useVisitorEdits } from '../visitorStore';
import { BaseExposureModal } from './BaseExposureModal';
import { gatedCell } from '../../permissions/Gated';
import { cellMode } from '../../permissions/permissions';
import { usePermissions } from '../../permissions/usePermissions';
import { BoostControl } from './BoostControl';
import { RowButton } from './RowButton';
import { TipArea } from '../../shell/TipArea';
import { ExposureCell, ProjectionCell, formatNumber } from './EditCells';
import { ExcludedBar, restorePlayers, useExcludeWithUndo } from './ExcludedPlayers';
import { PlayerStatsModal } from './PlayerStatsModal';
import { ProjectionsUpload, UnlistedPlayersNotice } from './ProjectionsUpload';
import { passesStatusFilter, StatusBadge, StatusFilter, StatusWarning, type StatusFilterValue } from './PlayerStatus';
import { LazyPanel, lazyNamed } from '../../shell/lazyNamed';
import { SORTER_TOOLTIP } from '../../shell/sorterTooltip';

// The charts load when the Analysis view first opens.
const PreBuildAnalysis = lazyNamed(() => import('../analysis/PreBuildAnalysis'), 'PreBuildAnalysis');

const num = (a: number | null | undefined) => (typeof a === 'number' ? a : -Infinity);
const by = (key: keyof PlayerRow) => (a: PlayerRow, b: PlayerRow) => num(a[key] as number) - num(b[key] as number);

function Heat({ value, thresholds }: { value: number | null | undefined; thresholds: readonly number[] }) {
  return <span className={`ss-heat-cell ss-num ss-heat-${heatBand(value, thresholds)}`}>{formatNumber(value, 1, true)}</span>;
}

/** The width of a table whose every leaf column has a width (grouped columns add up their children). */
function leafWidth(columns: TableColumnsType<PlayerRow>): number {
  return columns.reduce((sum, c) => sum + ('children' in c && c.children ? leafWidth(c.children) : typeof c.width === 'number' ? c.width : 0), 0);
}

/** The server withholds points and ceiling a plan lacks: such a row shows stand-ins. */
const hasPoints = (p: PlayerRow) => typeof p.ProjPts === 'number' && !Number.isNaN(p.ProjPts);

/**
 * Memoised (it has no props): the builder page re-renders on a tab change or a build's start,
 * and re-rendering the whole player table for that took the better part of a second.
 */
export const PlayersTab = memo(function PlayersTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const loggedin = useAuth((s) => s.loggedin);
  // Without the plan's permission the house values stay out of the page past the first rows.
  const permissions = usePermissions();
  // The hook answers a new object each render; the columns change only when the grants do.
  const grants = useMemo(
    () => ({ permissions: permissions.permissions, admin: permissions.admin, override: permissions.override }),
    [permissions.permissions, permissions.admin, permissions.override],
  );
  const ref = useBuilder((s) => s.ref);
  const key = useBuilder((s) => s.key);
  const players = { data: usePlayers(), ...usePlayersStatus() };
  const editPlayers = useEditPlayers();
  const excludeWithUndo = useExcludeWithUndo(editPlayers);
  // The Exp column follows the build only while this tab shows (the lineups last seen here stay
  // otherwise): re-rendering the whole player table for each batch of a build running on the
  // Lineups tab took seconds.
  const shownLineups = useRef<BuiltLineup[]>([]);
  const lineups = useBuilder((s) => (s.tab === 'players' ? (shownLineups.current = s.result.data) : shownLineups.current));
  const [search, setSearch] = useState('');
  const [position, setPosition] = useState('ALL');
  const [teams, setTeams] = useState<string[]>([]);
  const [status, setStatus] = useState<StatusFilterValue>('all');
  const hasTeams = ref ? sportHasTeams(ref.sport) : true;
  const [baseOpen, setBaseOpen] = useState(false);
  const [statsFor, setStatsFor] = useState<PlayerRow | null>(null);
  const [view, setView] = useState<'players' | 'analysis'>('players');
  const buildSettings = useSettings();

  const roster = ref ? getRoster(ref.sport, ref.site, ref.contestType) : null;
  const showdown = ref?.contestType === 'showdown';
  const salaryCap = roster?.salaryCap ?? 0;
  const positions = roster?.positions ?? [];
  const exposures = useMemo(() => lineupExposures(lineups), [lineups]);
  const teamOptions = useMemo(
    () => [...new Set(players.data.map((p) => p.TeamAbbrev))].sort().map((t) => ({ value: t, label: t })),
    [players.data],
  );

  const cheatSheets = useCheatSheets();
  const cheatSheetFilter = useContent((s) => s.cheatSheetFilter);
  const picks = useMemo(() => cheatSheetIds({ cheatSheets, cheatSheetFilter }), [cheatSheets, cheatSheetFilter]);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return players.data.filter((p) => {
      if (!passesCheatSheet(picks, String(p.Id))) return false;
      if (needle && !p.Name.toLowerCase().includes(needle)) return false;
      if (position !== 'ALL' && !p.Position.split('/').some((pos) => primaryPosition(pos) === position)) return false;
      if (teams.length > 0 && !teams.includes(p.TeamAbbrev)) return false;
      return passesStatusFilter(p, status);
    });
  }, [players.data, search, position, teams, status, picks]);

  const refetch = () => refetchPlayers(client, key);

  const resetInputs = async () => {
    // Reset Inputs clears stored player data and then refetches, so the house values come back.
    if (!ref) return;
    if (loggedin) {
      try {
        await builderApi.deleteUserProjections(ref);
      } catch (error) {
        console.error(UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, error);
        void message.error(UNABLE_TO_REMOVE_PLAYER_PROJECTIONS);
        return;
      }
      setZeroed(key, false);
    } else {
      useVisitorEdits.getState().clearPlayers(key);
    }
    await refetch();
    void message.success('Player inputs reset');
  };

  const zero = () => {
    // Logged in, the zeroed flag is stored locally for players that arrive later.
    // Every player goes to 0/0, those with saved edits too, and is saved like any edit (to the
    // server, or the browser for visitors), so the next session shows them at 0 as well.
    if (loggedin) setZeroed(key, true);
    editPlayers(zeroExposures);
  };

  const upload = async (file: File) => {
    if (!isCsvFileName(file.name)) {
      console.error(CUSTOM_INPUT_CSV_ONLY, file.name);
      void message.error(CUSTOM_INPUT_CSV_ONLY);
      return;
    }
    const parsed = parseCustomInput(await file.text());
    const updates = showdown ? showdownCustomInputUpdates(parsed.updates, players.data) : parsed.updates;
    const result = { ...parsed, updates, players: applyCustomInputUpdates(players.data, updates) };
    if (!result.ok) {
      // Upload errors are logged to the console only; a short notice helps the user.
      console.error(result.message ?? NO_ID_HEADING);
      void message.error(result.message ?? NO_ID_HEADING);
      return;
    }
    editPlayers(() => result.players);
    void message.success(`Custom input applied to ${parsed.updates.length} players`);
  };

  const numLineups = lineups.length;
  // One column list per change of what the cells read: a new list on every render of the tab
  // made the table rebuild every row (its cells are keyed on the column objects).
  const columns = useMemo((): TableColumnsType<PlayerRow> => [
    {
      title: 'Player Details',
      fixed: 'left',
      children: [
        {
          title: '',
          key: 'lock',
          width: 56,
          fixed: 'left',
          render: (_, p) => {
            const locked = p.MinExp >= 100 && p.MaxExp >= 100;
            const removed = p.MaxExp <= 0;
            return (
              <span className="ss-row-actions">
                <RowButton
                  icon="lock"
                  on={locked}
                  label={`${locked ? 'Unlock' : 'Lock'} ${p.Name}`}
                  tip={locked ? 'Unlock: excludes him (Min and Max Exp 0), with Undo' : 'Lock in every lineup'}
                  onClick={() => (locked ? excludeWithUndo(p, (r) => unlockPlayer(r, p.Id)) : editPlayers((r) => lockPlayer(r, p.Id)))}
                />
                <RowButton
                  icon="stop"
                  danger={removed}
                  label={`${removed ? 'Restore' : 'Remove'} ${p.Name}`}
                  tip={removed ? 'Restore (Min 0, Max 100)' : 'Remove from lineups'}
                  pressed={removed}
                  onClick={() => (removed ? editPlayers((r) => restorePlayers(r, new Set([p.Id]))) : excludeWithUndo(p, (r) => removePlayer(r, p.Id)))}
                />
              </span>
            );
          },
        },
        {
          title: 'Name',
          dataIndex: 'Name',
          width: showdown ? 136 : 150,
          fixed: 'left',
          sorter: (a, b) => a.Name.localeCompare(b.Name),
          render: (name: string, p) => (
            <span className="ss-name-cell"><a className="ss-name" onClick={() => setStatsFor(p)} role="button">{name}</a><StatusBadge player={p} /></span>
          ),
        },
        { title: 'Pos', dataIndex: 'Position', width: 52 },
        ...(showdown ? [{ title: 'Roster', dataIndex: 'RosterPosition', width: 62, ellipsis: true }] : []),
        {
          title: 'Salary',
          dataIndex: 'Salary',
          width: 72,
          sorter: by('Salary'),
          render: (v: number) => <span className="ss-num">{ref?.site === 'ya' ? `$${v}` : `$${v.toLocaleString()}`}</span>,
        },
      ],
    },
    // Golf and mma have no teams or Vegas lines (domain sportHasTeams): an mma fighter keeps his opponent.
    ...(hasTeams ? ([{
      title: 'Team & Game Info',
      children: [
        { title: 'Team', dataIndex: 'TeamAbbrev', width: 68, sorter: (a, b) => a.TeamAbbrev.localeCompare(b.TeamAbbrev) },
        { title: 'Opp', dataIndex: 'Opp', width: 58, ellipsis: true, render: (v: string, p) => (p.Venue === 'R' || p.Venue === 'A' ? `@${v}` : v) },
        {
          title: 'O/U · Spread',
          key: 'line',
          width: 76,
          sorter: by('OU'),
          render: (_, p) => (p.OU === undefined ? <span className="ss-muted">–</span> : (
            <span className="ss-num">{formatNumber(p.OU)} <span className="ss-muted">{p.Spread === 0 ? 'PK' : `${p.Spread !== undefined && p.Spread > 0 ? '+' : ''}${formatNumber(p.Spread)}`}</span></span>
          )),
        },
        { title: 'Imp Pts', dataIndex: 'ImpPts', width: 54, sorter: by('ImpPts'), render: (v?: number) => <span className="ss-num">{formatNumber(v)}</span> },
      ],
    }] satisfies TableColumnsType<PlayerRow>) : ref?.sport === 'mma' ? ([{
      title: 'Bout',
      children: [{ title: 'Opp', dataIndex: 'Opp', width: 130, ellipsis: true }],
    }] satisfies TableColumnsType<PlayerRow>) : []),
    {
      title: 'Player Projections',
      children: [
        {
          title: 'Proj Pts',
          dataIndex: 'ProjPts',
          width: 70,
          sorter: by('ProjPts'),
          defaultSortOrder: 'descend',
          render: (v: number, p, i) => gatedCell(grants, 'opt.nfl.projections', i, <Heat value={v} thresholds={POINTS_HEAT_THRESHOLDS} />, !hasPoints(p)),
        },
        {
          title: 'User Proj',
          key: 'UserProj',
          width: 70,
          render: (_, p, i) => (
            <ProjectionCell
              field="UserProj"
              name={p.Name}
              value={p.UserProj}
              house={cellMode(grants, 'opt.nfl.projections', i) === 'clear' ? p.HouseProjPts ?? p.ProjPts : null}
              onEdit={(edit) => editPlayers((r) => editProjection(r, p.Id, edit))}
            />
          ),
        },
        // nba: projected minutes, editable; the house projection scales with them (minutesFactor).
        ...(ref?.sport === 'nba' ? [{
          title: 'Mins',
          key: 'ProjMins',
          width: 64,
          sorter: by('ProjMins'),
          render: (_: unknown, p: PlayerRow) => (
            <ProjectionCell field="UserMins" name={p.Name} value={p.UserMins} house={p.HouseMins ?? p.ProjMins}
              onEdit={(edit) => editPlayers((r) => editProjection(r, p.Id, edit))} />
          ),
        }] : []),
        {
          title: 'Diff',
          key: 'diff',
          width: 56,
          render: (_, p) => {
            const diff = typeof p.HouseProjPts === 'number' ? p.ProjPts - p.HouseProjPts : null;
            return diff === null || Math.abs(diff) < 0.05 ? <span className="ss-muted">–</span> : (
              <span className={`ss-heat-cell ss-num ss-heat-${heatBand(Math.abs(diff), DIFFERENCE_HEAT_THRESHOLDS)} ${diff > 0 ? 'ss-boost-up' : 'ss-boost-down'}`}>
                {diff > 0 ? '+' : ''}{formatNumber(diff)}
              </span>
            );
          },
        },
        {
          title: 'Value',
          key: 'value',
          width: 70,
          sorter: (a, b) => valuePerSalary(salaryCap, a.ProjPts, a.Salary) - valuePerSalary(salaryCap, b.ProjPts, b.Salary),
          render: (_, p, i) => gatedCell(grants, 'opt.nfl.projections', i, <span className="ss-num">{formatNumber(valuePerSalary(salaryCap, p.ProjPts, p.Salary), 2, true)}</span>, !hasPoints(p)),
        },
        {
          // Points above what the salary buys at the position; '–' where the formula has none.
          title: 'GPP Value',
          key: 'gppValue',
          width: 70,
          sorter: (a, b) => (gppValue(ref!.site, a.Position, a.Salary, a.ProjPts) ?? -Infinity) - (gppValue(ref!.site, b.Position, b.Salary, b.ProjPts) ?? -Infinity),
          render: (_, p, i) => {
            const value = ref ? gppValue(ref.site, p.Position, p.Salary, p.ProjPts) : null;
            return value === null ? <span className="ss-muted">–</span>
              : gatedCell(grants, 'opt.nfl.projections', i, <span className="ss-num" data-testid="gpp-value">{formatNumber(value, 2, true)}</span>, !hasPoints(p));
          },
        },
        { title: 'Ceiling', dataIndex: 'Ceiling', width: 76, sorter: by('Ceiling'), render: (v: number | undefined, p, i) => gatedCell(grants, 'opt.nfl.projections', i, <span className="ss-num">{formatNumber(v)}</span>, !hasPoints(p)) },
        {
          title: 'Proj Own',
          dataIndex: 'ProjOwn',
          width: 70,
          sorter: by('ProjOwn'),
          render: (v: number | undefined, _p, i) => gatedCell(grants, 'opt.nfl.ownership', i, <Heat value={v} thresholds={OWNERSHIP_HEAT_THRESHOLDS} />, typeof v !== 'number' || Number.isNaN(v)),
        },
        {
          title: 'User Own',
          key: 'UserOwn',
          width: 70,
          render: (_, p, i) => (
            <ProjectionCell
              field="UserOwn"
              name={p.Name}
              value={p.UserOwn}
              house={cellMode(grants, 'opt.nfl.ownership', i) === 'clear' ? p.HouseOwn ?? p.ProjOwn : null}
              onEdit={(edit) => editPlayers((r) => editProjection(r, p.Id, edit))}
            />
          ),
        },
        {
          title: 'Boost',
          key: 'Boost',
          width: 82,
          sorter: by('Boost'),
          render: (_, p) => <BoostControl boost={p.Boost ?? 0} name={p.Name} onStep={(step) => editPlayers((r) => boostPlayer(r, p.Id, step))} />,
        },
      ],
    },
    {
      title: 'Exposure',
      children: [
        {
          title: 'Min Exp',
          key: 'MinExp',
          width: 70,
          sorter: by('MinExp'),
          render: (_, p) => <ExposureCell field="MinExp" name={p.Name} value={p.MinExp} onEdit={(edit) => editPlayers((r) => editExposure(r, p.Id, edit))} />,
        },
        {
          title: 'Max Exp',
          key: 'MaxExp',
          width: 70,
          sorter: by('MaxExp'),
          render: (_, p) => <ExposureCell field="MaxExp" name={p.Name} value={p.MaxExp} onEdit={(edit) => editPlayers((r) => editExposure(r, p.Id, edit))} />,
        },
        {
          title: 'Exp',
          key: 'Exp',
          width: 52,
          render: (_, p) => {
            const actual = exposures.get(p.Id);
            if (!actual) return <span className="ss-muted">{numLineups > 0 ? '0' : '–'}</span>;
            const bad = isExposureOutsideTolerance(actual.exp, p.MinExp, p.MaxExp, numLineups);
            return <span className={`ss-num ${bad ? 'ss-exp-bad' : ''}`}>{formatNumber(actual.exp)}</span>;
          },
        },
      ],
    },
  ], [ref, showdown, salaryCap, hasTeams, grants, editPlayers, excludeWithUndo, exposures, numLineups]);
  const tableWidth = useMemo(() => leafWidth(columns), [columns]);

  const layout = TABLE_LAYOUTS.playerPool;
  const toggle = (
    <Segmented
      value={view}
      onChange={(v) => setView(v as 'players' | 'analysis')}
      options={[{ value: 'players', label: 'Players' }, { value: 'analysis', label: 'Analysis' }]}
    />
  );
  if (view === 'analysis') {
    return (
      <div>
        <div className="ss-toolbar">{toggle}</div>
        {ref && <LazyPanel><PreBuildAnalysis slate={ref} players={players.data} settings={buildSettings} /></LazyPanel>}
      </div>
    );
  }
  return (
    <div>
      <div className="ss-toolbar">
        {toggle}
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Player search"
          aria-label="Player search"
          style={{ width: PLAYER_SEARCH_WIDTH_PX }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Radio.Group
          value={position}
          onChange={(e) => setPosition(e.target.value as string)}
          optionType="button"
          buttonStyle="solid"
          options={['ALL', ...positions].map((p) => ({ value: p, label: p }))}
        />
        {hasTeams ? (
          <Select
            mode="multiple"
            allowClear
            placeholder="All teams"
            aria-label="Team filter"
            style={{ minWidth: 160 }}
            maxTagCount="responsive"
            value={teams}
            onChange={setTeams}
            options={teamOptions}
          />
        ) : null}
        <StatusFilter value={status} onChange={setStatus} />
        <CheatSheetChips />
        <span className="ss-toolbar-spacer" />
        <Space wrap size={8}>
        <Button icon={<SlidersOutlined />} onClick={() => setBaseOpen(true)}>Set Base Exposures</Button>
        <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button icon={<UploadOutlined />}>Custom Input</Button>
        </Upload>
        <ProjectionsUpload />
        <Popconfirm title="Set every player's Min and Max Exp to 0?" onConfirm={zero} okText="Zero">
          <Button icon={<DeleteOutlined />}>Zero Exposures</Button>
        </Popconfirm>
        <Popconfirm title="Clear all your projections, ownership, boosts and exposures?" onConfirm={() => void resetInputs()} okText="Reset">
          <Button icon={<UndoOutlined />} danger>Reset Inputs</Button>
        </Popconfirm>
        </Space>
      </div>
      <StatusWarning />
      <UnlistedPlayersNotice />
      <ExcludedBar players={players.data} editPlayers={editPlayers} />
      <TipArea>
      <Table<PlayerRow>
        showSorterTooltip={SORTER_TOOLTIP}
        className="ss-player-table"
        size="small"
        bordered
        rowKey="Id"
        loading={players.loading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: layout.pageSize, showSizeChanger: false, hideOnSinglePage: true, position: ['bottomRight'] }}
        // Only the rows in view are in the page: a page of 100 rows with four inputs and two
        // buttons each cost seconds of style and layout work on every render. A virtual table
        // needs its width as a number, the sum of its columns' (wide enough for each heading and
        // its sort arrows, since the columns no longer grow to their content).
        virtual
        scroll={{ y: layout.scrollHeight, x: tableWidth }}
        rowClassName={(p) => (p.MinExp >= 100 ? 'ss-locked-row' : p.MaxExp <= 0 ? 'ss-removed-row' : '')}
        locale={{ emptyText: players.failedLoading ? 'Players could not be loaded for this slate.' : 'No players for this slate yet.' }}
      />
      </TipArea>
      {ref && isZeroed(key) ? <div className="ss-muted" style={{ marginTop: 8 }}>Exposures start at 0 for this slate.</div> : null}
      {statsFor && ref ? <PlayerStatsModal sport={ref.sport} player={statsFor} before={ref} onClose={() => setStatsFor(null)} /> : null}
      {baseOpen ? (
        <BaseExposureModal open positions={positions.filter((p) => p !== 'K' || showdown)} onClose={() => setBaseOpen(false)} onApply={editPlayers} />
      ) : null}
    </div>
  );
});
