import { useMemo } from 'react';
import { Alert, Button, DatePicker, Grid, InputNumber, Select, Space, Tabs, Tooltip, type SelectProps } from 'antd';
import { CloseCircleOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  NFL_MAX_COUNTER, NFL_SHOWDOWN_COUNTER, SEASONS_AVAILABLE, SITE_NAMES, TOOLTIP_HOVER_DELAY_SECONDS, buildBlockers, displayDateTime, sitesFor, sportHasTeams,
  type ContestType, type Site,
} from '@stacksmith/domain';
import { builderApi, type SlateRef } from '../api/client';
import { useAuth } from '../auth/session';
import { RequirePermission, UpgradeLock, UpgradeNotice } from '../permissions/Gated';
import { usePermissions } from '../permissions/usePermissions';
import { SPECIAL_BUILD } from '../permissions/flags';
import { useBuilder, type BuilderTab } from './builderStore';
import { usePlayers, usePlayersStatus, useSettings, useSaved, useSettingsLoading, useSlateFacts, useUpdateSettings } from './slateData';
import { builderUrl } from './route';
import { useBuild } from './useBuild';
import { useBuilderData } from './useBuilderData';
import { PlayersTab } from './players/PlayersTab';
import { useBuilderExtras } from './useBuilderExtras';
import { PresetsBar } from './presets/PresetsBar';
import { LazyPanel, lazyNamed } from '../shell/lazyNamed';
import { isPrivateSlate, MySlateTag, mySlateLabel, mySlateUrl, SeasonAveragesBanner, UploadSlateButton, useMySlates } from './my-slates/MySlates';
import { SlateLoadError } from './SlateLoadError';
import { DATE_PICKER_FORMAT } from '../shell/datePicker';

// Every tab but Players loads when it first opens: the optimizer's first paint parses and runs
// only the player table.
const SettingsTab = lazyNamed(() => import('./settings/SettingsTab'), 'SettingsTab');
const LineupsTab = lazyNamed(() => import('./lineups/LineupsTab'), 'LineupsTab');
const TeamStacksTab = lazyNamed(() => import('./team-stacks/TeamStacksTab'), 'TeamStacksTab');
const PlayerGroupsTab = lazyNamed(() => import('./player-groups/PlayerGroupsTab'), 'PlayerGroupsTab');
const AfterStartTab = lazyNamed(() => import('./after-start/AfterStartTab'), 'AfterStartTab');
const AdminTab = lazyNamed(() => import('./admin/AdminTab'), 'AdminTab');
const EntriesTab = lazyNamed(() => import('./entries/EntriesTab'), 'EntriesTab');

const SPORT_TITLES: Record<string, string> = { nfl: 'NFL', nba: 'NBA', mlb: 'MLB', pga: 'PGA', mma: 'MMA' };

function SlatePicker({ slate }: { slate: SlateRef }) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const slates = useQuery({
    queryKey: ['slates', slate.sport, slate.site, slate.season, slate.counter],
    queryFn: () => builderApi.slates(slate),
  });
  const mine = useMySlates(slate);
  // Values are 'classic|Name' and 'showdown|Name'; the default list holds only classic Main.
  const options = useMemo((): NonNullable<SelectProps['options']> => {
    const data = slates.data ?? { classic: ['Main'], showdown: [] };
    const list = [
      ...(data.classic ?? []).map((name) => ({ value: `classic|${name}`, label: name })),
      ...(data.showdown ?? []).map((name) => ({ value: `showdown|${name}`, label: `${name} (Showdown)` })),
    ];
    const current = `${slate.contestType}|${slate.slate}`;
    const own = mine.map((s) => ({ value: `${s.contestType}|${s.slate}`, label: mySlateLabel(s) }));
    if (!list.some((o) => o.value === current) && !own.some((o) => o.value === current)) list.unshift({ value: current, label: slate.slate });
    // The user's own slates (any date) come as a group of their own.
    return own.length > 0 ? [{ label: 'Site slates', options: list }, { label: 'My slates', options: own }] : list;
  }, [slates.data, slate.contestType, slate.slate, mine]);

  const go = (next: Partial<SlateRef>, nextQuery = query) =>
    navigate(builderUrl({ ...slate, ...next }, nextQuery));

  const setQuery = (key: string, value: string, contestType?: ContestType) => {
    const q = new URLSearchParams(query);
    q.set(key, value);
    // A private slate has its own date: another date or week goes to that day's site slates.
    go(contestType ? { contestType, slate: 'Main' } : isPrivateSlate(slate.slate) ? { slate: 'Main' } : {}, q);
  };

  return (
    <div className="ss-builder-pickers">
      <Select
        aria-label="Site"
        value={slate.site}
        style={{ width: 130 }}
        options={sitesFor(slate.sport).map((s) => ({ value: s, label: SITE_NAMES[s] }))}
        // Changing site resets the slate to Main, and the contest type to showdown in week 22.
        onChange={(site: Site) => go({ site, slate: 'Main', contestType: slate.sport === 'nfl' && Number(slate.counter) === NFL_SHOWDOWN_COUNTER ? 'showdown' : slate.contestType })}
      />
      {slate.sport === 'nfl' ? (
        <>
          <Select
            aria-label="Season"
            value={slate.season}
            style={{ width: 96 }}
            options={SEASONS_AVAILABLE.map((s) => ({ value: s, label: String(s) }))}
            onChange={(season: number) => setQuery('season', String(season))}
          />
          <Select
            aria-label="Week"
            value={Number(slate.counter)}
            style={{ width: 180 }}
            options={Array.from({ length: NFL_MAX_COUNTER }, (_, i) => ({
              value: i + 1,
              label: i + 1 === NFL_SHOWDOWN_COUNTER ? 'Week 22 · Showdown' : `Week ${i + 1}`,
            }))}
            onChange={(week: number) => setQuery('week', String(week), week === NFL_SHOWDOWN_COUNTER ? 'showdown' : 'classic')}
          />
        </>
      ) : (
        <DatePicker
          aria-label="Date"
          allowClear={false}
          format={DATE_PICKER_FORMAT}
          value={dayjs(slate.counter)}
          onChange={(d) => d && setQuery('date', d.format('YYYY-MM-DD'))}
        />
      )}
      <Select
        aria-label="Slate"
        value={`${slate.contestType}|${slate.slate}`}
        style={{ width: 190 }}
        options={options}
        loading={slates.isLoading}
        onChange={(value: string) => {
          const [contestType, name] = value.split('|') as [ContestType, string];
          const own = mine.find((s) => s.slate === name);
          if (own) navigate(mySlateUrl(own, query));
          else go({ contestType, slate: name });
        }}
        data-testid="slate-select"
      />
      <MySlateTag slate={slate} />
      <UploadSlateButton slate={slate} />
    </div>
  );
}

function LastUpdated({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const updatedAt = useSlateFacts().updatedAt;
  const text = updatedAt ? displayDateTime(updatedAt) ?? updatedAt : '—';
  return (
    <span className="ss-builder-updated">
      Last updated: {text}{' '}
      <Button type="link" size="small" icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh}>Refresh</Button>
    </span>
  );
}

export function BuildControls() {
  const loggedin = useAuth((s) => s.loggedin);
  const { start, cancel, running, lineupLimit } = useBuild();
  const ref = useBuilder((s) => s.ref);
  const players = usePlayers();
  const settings = useSettings();
  const updateSettings = useUpdateSettings();
  const blockers = ref ? buildBlockers({ contestType: ref.contestType, sport: ref.sport, site: ref.site, players, loggedIn: loggedin || SPECIAL_BUILD }) : [];
  const disabled = blockers.length > 0 || !settings || players.length === 0;
  return (
    <Space>
      <span className="ss-muted">Lineups</span>
      <InputNumber
        aria-label="Number of lineups"
        min={0}
        max={lineupLimit}
        value={settings?.numLUs}
        onChange={(value) => value !== null && updateSettings({ numLUs: Math.min(lineupLimit, Math.max(0, Math.floor(Number(value)))) })}
        style={{ width: 80 }}
        disabled={running}
      />
      {running ? (
        <Button danger icon={<CloseCircleOutlined />} onClick={cancel} data-testid="cancel-build">Cancel</Button>
      ) : (
        <Tooltip
          mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}
          title={blockers.length > 0 ? <ul className="ss-blockers">{blockers.map((b) => <li key={b}>{b}</li>)}</ul> : null}
        >
          {/* A disabled button fires no mouse events; the span carries the hover for the tooltip. */}
          <span className="ss-build-wrap" data-testid="build-wrap">
            <Button type="primary" icon={<ThunderboltOutlined />} disabled={disabled} onClick={start} data-testid="build">Build</Button>
          </span>
        </Tooltip>
      )}
    </Space>
  );
}

export function BuilderPage({ slate }: { slate: SlateRef }) {
  const location = useLocation();
  const loggedin = useAuth((s) => s.loggedin);
  const admin = useAuth((s) => s.admin);
  const { refreshPlayers, refetchingPlayers } = useBuilderData(slate, loggedin);
  useBuilderExtras(slate, loggedin);
  const tab = useBuilder((s) => s.tab);
  const setTab = useBuilder((s) => s.setTab);
  const playersLoading = usePlayersStatus().loading;
  const settingsLoading = useSettingsLoading();
  // A boolean, not the result: the page (and every tab in it) must not re-render per batch.
  const hasSaved = useSaved().length > 0;
  const lineupsEnabled = useBuilder((s) => s.result.data.length > 0 || s.result.loading || s.result.failedLoading) || hasSaved;
  const busy = playersLoading || settingsLoading;
  // On a phone the lineup count and Build sit above the tabs, so the tab bar keeps the width.
  const phone = Grid.useBreakpoint().md === false;

  const permissions = usePermissions();
  const items = [
    { key: 'players', label: 'Players', children: <PlayersTab /> },
    { key: 'settings', label: 'Build Settings', disabled: busy, children: <><PresetsBar /><LazyPanel><SettingsTab /></LazyPanel></> },
    // Golf and mma have no teams to stack.
    ...(sportHasTeams(slate.sport) ? [{ key: 'stacks', label: 'Team Stacks', disabled: busy, children: <LazyPanel><TeamStacksTab /></LazyPanel> }] : []),
    { key: 'groups', label: 'Player Groups', disabled: busy, children: <LazyPanel><PlayerGroupsTab /></LazyPanel> },
    { key: 'lineups', label: 'Lineups', disabled: !lineupsEnabled, children: <LazyPanel><LineupsTab /></LazyPanel> },
    // The site's entries file (DKEntries.csv, FanDuel's template): fill its empty entries with the lineups.
    ...(slate.site !== 'ya' ? [{ key: 'entries', label: 'Entries', disabled: busy, children: <LazyPanel><EntriesTab /></LazyPanel> }] : []),
    // After Start is for dk classic only, never showdown, nfl and nba; Admin for admins only.
    ...((slate.sport === 'nfl' || slate.sport === 'nba') && slate.site === 'dk' && slate.contestType === 'classic'
      ? [{
        key: 'afterStart',
        label: <span>After Start{permissions.has('opt.nfl.after_start') ? null : <UpgradeLock permission="opt.nfl.after_start" />}</span>,
        children: (
          <RequirePermission permission="opt.nfl.after_start" fallback={<UpgradeNotice permission="opt.nfl.after_start" />}>
            <LazyPanel><AfterStartTab /></LazyPanel>
          </RequirePermission>
        ),
      }]
      : []),
    ...(admin ? [{ key: 'admin', label: 'Admin', children: <LazyPanel><AdminTab /></LazyPanel> }] : []),
  ];

  const title = `${SPORT_TITLES[slate.sport]} Lineup Builder`;
  const subtitle = `${SITE_NAMES[slate.site]} · ${slate.contestType === 'showdown' ? 'Showdown' : 'Classic'}`;

  return (
    <div className="ss-builder">
      <div className="ss-builder-head">
        <div>
          <h1 className="ss-builder-title">{title}</h1>
          <div className="ss-muted">{subtitle}</div>
        </div>
        <SlatePicker slate={slate} />
        <LastUpdated onRefresh={refreshPlayers} refreshing={refetchingPlayers} />
      </div>
      {!loggedin ? (
        <Alert
          className="ss-visitor-banner"
          type="info"
          showIcon
          message={
            <span>
              Your edits are kept in this browser.{' '}
              <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>Log in</Link> or{' '}
              <Link to={`/signup?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>create a free account</Link> to build, save and export lineups.
            </span>
          }
        />
      ) : null}
      <SeasonAveragesBanner />
      <SlateLoadError slate={slate} />
      <div className="ss-builder-card">
        {phone ? <div className="ss-build-controls-row"><BuildControls /></div> : null}
        <Tabs
          // On a phone the tabs wrap onto a second row (styles.css, .ss-tabs-wrap).
          className="ss-tabs-wrap"
          activeKey={items.some((i) => i.key === tab && !i.disabled) ? tab : 'players'}
          onChange={(key) => setTab(key as BuilderTab)}
          items={items}
          tabBarExtraContent={phone ? undefined : <BuildControls />}
          destroyInactiveTabPane={false}
        />
      </div>
    </div>
  );
}
