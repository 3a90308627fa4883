// Pre-build analysis, the Players tab's Analysis view: positional, ownership, player and team breakdowns, leverage colour bands, the
// warnings and their banner; without analytics.nfl.pre_build an upgrade banner and blurred rows.
import { Alert, Card, Col, List, Row, Table, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, DEFAULT_NUM_TEAMS, MAX_LINEUP_LIMIT, TABLE_LAYOUTS, getRoster, leverageBand, outsideWinningRange, ownershipBreakdown, playerBreakdown, positionalBreakdown,
  preBuildBanner, preBuildUpgradeBanner, preBuildWarnings, teamBreakdown, type BuildSettings, type PlayerRow,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { analysisCalls } from '../../api/analysis';
import { Blurred } from '../../permissions/Gated';
import { usePermission } from '../../permissions/usePermissions';
import { useTeamStacks } from '../extrasData';

/** Exposure sums are percents of lineups; per lineup reads better (5200 % → 52.00). */
const perLineup = (percent: number) => (percent / 100).toFixed(2);

const leverageClass = (value: number) => {
  const band = leverageBand(value);
  return band.level === 0 ? '' : `ss-lev-${band.direction}-${band.level}`;
};

export function PreBuildAnalysis({ slate, players, settings }: { slate: SlateRef; players: readonly PlayerRow[]; settings: Partial<BuildSettings> | null }) {
  const allowed = usePermission('analytics.nfl.pre_build');
  const locked = !allowed;
  const upgrade = preBuildUpgradeBanner(allowed ? ['analytics.nfl.pre_build'] : []);
  const roster = getRoster(slate.sport, slate.site, slate.contestType);
  const context = { sport: slate.sport, site: slate.site, contestType: slate.contestType };
  // The Team Stacks rows carry the per-team limits whose warnings can fail the build.
  const { teamRows } = useTeamStacks();
  const warnings = useMemo(() => preBuildWarnings(context, players, settings ?? {}, teamRows), [players, settings, slate, teamRows]);
  const banner = preBuildBanner(warnings);
  const positional = useMemo(() => positionalBreakdown(players, roster), [players, roster]);
  const ownership = useMemo(() => ownershipBreakdown(players), [players]);
  const planned = useMemo(() => playerBreakdown(players), [players]);
  const teams = useMemo(() => teamBreakdown(players, settings ?? {}), [players, settings]);
  const numTeams = new Set(players.map((p) => p.TeamAbbrev)).size || DEFAULT_NUM_TEAMS;
  const numLUs = Math.max(1, Math.min(MAX_LINEUP_LIMIT, Number(settings?.numLUs ?? 3)));
  const nflClassic = slate.sport === 'nfl' && slate.contestType === 'classic';
  const ranges = useQuery({
    queryKey: ['player-count', numTeams, numLUs],
    queryFn: () => analysisCalls.playerCount(Math.max(2, Math.min(40, numTeams)), numLUs),
    // The call answers 403 without analytics.nfl.pre_build.
    enabled: nflClassic && allowed, retry: false,
  });
  const clear = (i: number) => i === 0;
  const cell = (i: number, node: ReactNode) => <Blurred locked={locked} clear={clear(i)}>{node}</Blurred>;

  return (
    <div className="ss-pre-build" data-testid="pre-build-analysis">
      {upgrade && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={<span>{upgrade}. <Link to="/plans">See plans</Link></span>} data-testid="pre-build-upgrade" />}
      {banner && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={banner} data-testid="pre-build-banner" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title="Positional breakdown">
            <Table size="small" rowKey="Position" pagination={false} dataSource={positional.rows}
              columns={[
                { title: 'Pos', dataIndex: 'Position', key: 'Position' },
                { title: 'Players', dataIndex: 'Players', key: 'Players', render: (v: number, _r, i) => cell(i, v) },
                { title: 'Slots', dataIndex: 'Slots', key: 'Slots' },
                { title: 'Min / lineup', dataIndex: 'MinExpTotal', key: 'MinExpTotal', render: (v: number, _r, i) => cell(i, perLineup(v)) },
                { title: 'Max / lineup', dataIndex: 'MaxExpTotal', key: 'MaxExpTotal', render: (v: number, _r, i) => cell(i, perLineup(v)) },
                { title: 'Flex / lineup', dataIndex: 'FlexExposure', key: 'FlexExposure', render: (v: number | null, _r, i) => cell(i, v === null ? '–' : perLineup(v)) },
                ...(nflClassic ? [{
                  title: 'Winning range', key: 'range',
                  render: (_: unknown, r: { Position: string; Players: number; Slots: number }, i: number) => {
                    const range = ranges.data?.[r.Position];
                    if (!range) return '–';
                    // The build can use at most one new player of the position per lineup beyond the pool it is given.
                    const out = outsideWinningRange(Math.min(r.Players, numLUs * Math.max(1, r.Slots)), range);
                    return cell(i, <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={`Past top lineup sets of ${numLUs} used ${range.Min} to ${range.Max} (middle half ${range.Pct_25}–${range.Pct_75})`}>
                      <span className={out ? 'ss-out-of-range' : ''} data-testid={out ? 'range-out' : 'range'}>{`${range.Min}–${range.Max}`}</span>
                    </Tooltip>);
                  },
                }] : []),
              ]} />
            {positional.flex && (
              <div style={{ marginTop: 8 }}>
                Flex players available per lineup:{' '}
                {positional.flex.tooltip ? (
                  <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={positional.flex.tooltip}><span className="ss-out-of-range" data-testid="flex-under">{perLineup(positional.flex.available)}</span></Tooltip>
                ) : <span>{perLineup(positional.flex.available)}</span>}
                <span className="ss-muted"> (each lineup needs {positional.flex.needed / 100})</span>
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="Ownership breakdown">
            <Table size="small" rowKey="Bucket" pagination={false} dataSource={ownership}
              columns={[
                { title: 'Proj Own under', dataIndex: 'Bucket', key: 'Bucket', render: (v: number) => `${v}%` },
                { title: 'Players', dataIndex: 'Players', key: 'Players', render: (v: number, _r, i) => cell(i, v) },
                { title: 'Most / lineup', dataIndex: 'MostPerLineup', key: 'MostPerLineup', render: (v: number, _r, i) => cell(i, v.toFixed(2)) },
                { title: 'Least / lineup', dataIndex: 'LeastPerLineup', key: 'LeastPerLineup', render: (v: number, _r, i) => cell(i, v.toFixed(2)) },
              ]} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="Player breakdown (players with set exposures)">
            <Table size="small" rowKey="Id" pagination={false} dataSource={planned} scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight }}
              locale={{ emptyText: 'Set Min Exp or Max Exp on players to see their planned leverage' }}
              columns={[
                { title: 'Player', dataIndex: 'Name', key: 'Name' },
                { title: 'Pos', dataIndex: 'Position', key: 'Position', width: 60 },
                { title: 'Planned', dataIndex: 'Planned', key: 'Planned', width: 80, render: (v: number, _r, i) => cell(i, `${v}%`) },
                { title: 'Proj Own', dataIndex: 'ProjOwn', key: 'ProjOwn', width: 90, render: (v: number, _r, i) => cell(i, `${v.toFixed(1)}%`) },
                { title: 'Leverage', dataIndex: 'Leverage', key: 'Leverage', width: 90, onCell: (r) => ({ className: locked ? '' : leverageClass(r.Leverage) }),
                  render: (v: number, _r, i) => cell(i, v.toFixed(2)) },
              ]} />
          </Card>
        </Col>
        {nflClassic && (
          <Col xs={24} xl={12}>
            <Card size="small" title="Team breakdown">
              <Table size="small" rowKey="TeamAbbrev" pagination={false} dataSource={teams} scroll={{ y: TABLE_LAYOUTS.postBuild.scrollHeight }}
                columns={[
                  { title: 'Team', dataIndex: 'TeamAbbrev', key: 'TeamAbbrev', width: 70 },
                  { title: 'Players', dataIndex: 'Players', key: 'Players', width: 70, render: (v: number, _r, i) => cell(i, v) },
                  { title: 'QB / lineup', dataIndex: 'QBExp', key: 'QBExp', render: (v: number, _r, i) => cell(i, perLineup(v)) },
                  { title: 'Stack partners / lineup', dataIndex: 'PartnerExp', key: 'PartnerExp',
                    render: (v: number, r, i) => cell(i, r.tooltip ? <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={r.tooltip}><span className="ss-out-of-range">{perLineup(v)}</span></Tooltip> : perLineup(v)) },
                  { title: 'Bring-back partners / lineup', dataIndex: 'OppPartnerExp', key: 'OppPartnerExp',
                    render: (v: number, r, i) => cell(i, r.oppTooltip ? <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={r.oppTooltip}><span className="ss-out-of-range">{perLineup(v)}</span></Tooltip> : perLineup(v)) },
                ]} />
            </Card>
          </Col>
        )}
        <Col xs={24}>
          <Card size="small" title="Warnings">
            <List size="small" dataSource={warnings} locale={{ emptyText: 'No warnings' }}
              renderItem={(w) => <List.Item data-testid={w.canFailBuild ? 'warning-can-fail' : 'warning'}>{w.canFailBuild ? <strong>May fail the build: </strong> : null}{w.message}</List.Item>} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
