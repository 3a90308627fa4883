// The Team Stacks tab:
// stack settings (nfl basic and advanced, mlb PrimaryStack-SecondaryStack), the per-team rows
// and the stack groups. Settings go through the builder store, rows and groups through extrasData.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, InputNumber, Input, Popconfirm, Radio, Space, Switch, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import {
  BASIC_STACK_LABELS, findRoster, STACK_COUNT_MAX, STACK_COUNT_MIN, STACK_STYLE, TEAM_LIMIT_KINDS, basicStackRules, mlbStackDefaults,
  type MlbStackRule, type NflStackRule, type TeamStackFlag,
} from '@stacksmith/domain';
import { useBuilder } from '../builderStore';
import { useSettings, useUpdateSettings } from '../slateData';
import { useTeamStacks, type TeamRow } from '../extrasData';
import { StackGroupsCard } from './StackGroupsCard';

const pct = (v: number | undefined) => Math.round(Number(v ?? 0) * 1000) / 10;

const FLAG_COLUMNS: { key: TeamStackFlag; title: string }[] = [
  { key: 'AllowQBStack', title: 'QB' }, { key: 'AllowRBStack', title: 'RB' }, { key: 'AllowWRStack', title: 'WR' },
  { key: 'AllowTEStack', title: 'TE' }, { key: 'AllowGameStack', title: 'Game' }, { key: 'AllowRBOppStack', title: 'Opp RB' },
  { key: 'AllowWROppStack', title: 'Opp WR' }, { key: 'AllowTEOppStack', title: 'Opp TE' },
];

const RULE_PARTS = ['Flex', 'RB', 'WR', 'TE'] as const;

/** The part of the lineups no enabled rule takes: the disabled 'Force Nothing' remainder. */
export function forceNothingShare(rules: readonly NflStackRule[]): number {
  const used = rules.filter((r) => !r.disabled && r.label !== 'Force Nothing').reduce((sum, r) => sum + Number(r.freq || 0), 0);
  return Math.max(0, 1 - used);
}

function BoundInput({ label, value, onChange }: { label: string; value: number | undefined; onChange: (v: number | undefined) => void }) {
  return (
    <InputNumber aria-label={label} size="small" min={STACK_COUNT_MIN} max={STACK_COUNT_MAX} value={value} placeholder="–"
      style={{ width: 52 }} onChange={(v) => onChange(v === null ? undefined : Number(v))} />
  );
}

function NflStackSettings() {
  const settings = useSettings()!;
  const update = useUpdateSettings();
  const mode = settings.stackSettingMode;
  const rules = (mode === 'advanced' ? settings.specificStacks : []) as NflStackRule[];
  const basic = useMemo(() => basicStackRules(settings), [settings.teamStackPct, settings.gameStackPct, settings.force2FlexStck, settings.noStackPct]);

  const setRules = (next: NflStackRule[]) => update({ specificStacks: next });
  const patchRule = (i: number, patch: Partial<NflStackRule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const switchMode = (next: 'basic' | 'advanced') => {
    // Advanced starts from the basic table (without its remainder) when the user has no rules yet.
    if (next === 'advanced' && rules.length === 0 && (settings.specificStacks as NflStackRule[]).length === 0) {
      update({ stackSettingMode: next, specificStacks: basic.filter((r) => !r.disabled && r.freq > 0) });
    } else update({ stackSettingMode: next });
  };

  const remainder = mode === 'advanced' ? forceNothingShare(rules) : basic.find((r) => r.label === 'Force Nothing')?.freq ?? 0;
  const rows = mode === 'advanced'
    ? [...rules.map((r, i) => ({ ...r, index: i })), { label: 'Force Nothing', freq: remainder, disabled: true, index: -1 }]
    : BASIC_STACK_LABELS.map((label) => ({ ...basic.find((r) => r.label === label)!, index: -1 }));

  const boundColumns = (side: 'team' | 'opp') => RULE_PARTS.map((part) => ({
    title: part,
    key: `${side}${part}`,
    render: (_: unknown, r: NflStackRule & { index: number }) => {
      const minKey = `${side}${part}Min` as keyof NflStackRule;
      const maxKey = `${side}${part}Max` as keyof NflStackRule;
      if (r.index < 0) {
        const lo = r[minKey] as number | undefined; const hi = r[maxKey] as number | undefined;
        return lo === undefined && hi === undefined ? <span className="ss-muted">–</span> : `${lo ?? 0}–${hi ?? STACK_COUNT_MAX}`;
      }
      return (
        <Space size={2}>
          <BoundInput label={`Rule ${r.index + 1} ${side} ${part} min`} value={r[minKey] as number | undefined} onChange={(v) => patchRule(r.index, { [minKey]: v })} />
          <BoundInput label={`Rule ${r.index + 1} ${side} ${part} max`} value={r[maxKey] as number | undefined} onChange={(v) => patchRule(r.index, { [maxKey]: v })} />
        </Space>
      );
    },
  }));

  return (
    <Card size="small" className="ss-stack-card" title="Stack settings" extra={
      <Radio.Group aria-label="Stack mode" size="small" value={mode} onChange={(e) => switchMode(e.target.value)} optionType="button"
        options={[{ value: 'basic', label: 'Basic' }, { value: 'advanced', label: 'Advanced' }]} />
    }>
      {mode === 'basic' ? (
        <Space wrap className="ss-stack-basic">
          {([['teamStackPct', 'Team stack'], ['gameStackPct', 'Game stack'], ['force2FlexStck', 'Force 2 flex'], ['noStackPct', 'No stack']] as const).map(([key, label]) => (
            <label key={key} className="ss-inline-field">
              <span>{label}</span>
              <InputNumber aria-label={label} min={0} max={100} step={5} addonAfter="%" value={pct(settings[key])} style={{ width: 110 }}
                onChange={(v) => v !== null && update({ [key]: Number(v) / 100 })} />
            </label>
          ))}
        </Space>
      ) : null}
      <Table
        size="small"
        className="ss-stack-rules"
        rowKey={(r) => `${r.index}-${r.label ?? ''}`}
        pagination={false}
        // Wider than a phone: the table scrolls inside its card, not the page.
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        rowClassName={(r) => (r.disabled ? 'ss-row-disabled' : '')}
        columns={[
          {
            title: 'Rule', key: 'label', width: 210,
            render: (_: unknown, r: NflStackRule & { index: number }) => (r.index < 0
              ? <span>{r.label}{r.label === 'Force Nothing' ? <Tag className="ss-tag-gap">remainder</Tag> : null}</span>
              : <Input aria-label={`Rule ${r.index + 1} label`} size="small" value={r.label ?? ''} placeholder={`Rule ${r.index + 1}`} onChange={(e) => patchRule(r.index, { label: e.target.value })} />),
          },
          {
            title: 'Freq', key: 'freq', width: 110,
            render: (_: unknown, r: NflStackRule & { index: number }) => (r.index < 0
              ? `${pct(r.freq)} %`
              : <InputNumber aria-label={`Rule ${r.index + 1} freq`} size="small" min={0} max={100} addonAfter="%" value={pct(r.freq)} style={{ width: 96 }}
                  onChange={(v) => v !== null && patchRule(r.index, { freq: Number(v) / 100 })} />),
          },
          { title: 'Team (min / max)', children: boundColumns('team') },
          { title: 'Opponent (min / max)', children: boundColumns('opp') },
          {
            title: 'On', key: 'disabled', width: 60,
            render: (_: unknown, r: NflStackRule & { index: number }) => (
              <Switch size="small" aria-label={`Rule ${r.index + 1} enabled`} checked={!r.disabled} disabled={r.index < 0}
                onChange={(on) => patchRule(r.index, { disabled: !on })} />
            ),
          },
          ...(mode === 'advanced' ? [{
            key: 'remove', width: 40,
            render: (_: unknown, r: NflStackRule & { index: number }) => (r.index < 0 ? null : (
              <Button size="small" type="text" aria-label={`Remove rule ${r.index + 1}`} icon={<DeleteOutlined />}
                onClick={() => setRules(rules.filter((_x, j) => j !== r.index))} />
            )),
          }] : []),
        ]}
      />
      {mode === 'advanced' ? (
        <Button className="ss-stack-add" size="small" icon={<PlusOutlined />} onClick={() => setRules([...rules, { freq: 0, teamFlexMin: 1 }])}>Add rule</Button>
      ) : null}
    </Card>
  );
}

/** Shown while every mlb stack shape is at Freq 0 (the site defaults): no lineup is forced to stack. */
export const MLB_NO_STACK_HINT = 'No stack is on: every shape is at Freq 0\u00a0%, so lineups stack only where the points lead. Set a Freq (or add a shape) to force stacks.';

function MlbStackSettings() {
  const ref = useBuilder((s) => s.ref)!;
  const settings = useSettings()!;
  const update = useUpdateSettings();
  const rules = settings.specificStacks as MlbStackRule[];
  const total = rules.reduce((sum, r) => sum + Number(r.freq || 0), 0);
  // Any primary-secondary shape the site allows, beside the site's list: 4-3, 4-2, 3-3…
  const maxPrimary = findRoster(ref.sport, ref.site, ref.contestType)?.teamRules?.maxPerTeam?.count ?? 5;
  const [primary, setPrimary] = useState(4);
  const [secondary, setSecondary] = useState(3);
  const shapeTaken = rules.some((r) => r.PrimaryStack === primary && r.SecondaryStack === secondary);
  const shapeValid = primary >= 1 && primary <= maxPrimary && secondary >= 0 && secondary <= primary && !shapeTaken;
  const addShape = () => update({
    stackSettingMode: 'advanced',
    specificStacks: [...rules, { PrimaryStack: primary, SecondaryStack: secondary, freq: 0 }]
      .sort((a, b) => b.PrimaryStack - a.PrimaryStack || b.SecondaryStack - a.SecondaryStack),
  });
  return (
    <Card size="small" className="ss-stack-card" title="Stack settings (Primary-Secondary)" extra={
      <Button size="small" icon={<UndoOutlined />} onClick={() => update({ stackSettingMode: 'advanced', specificStacks: mlbStackDefaults(ref.site) })}>Site defaults</Button>
    }>
      {/* The site defaults list the shapes at Freq 0: say so, or a user reads the list as stacks that are on. */}
      {total === 0 && rules.length > 0 ? (
        <Alert className="ss-stack-off" type="info" showIcon data-testid="mlb-no-stack" message={MLB_NO_STACK_HINT} />
      ) : null}
      <Table
        size="small"
        rowKey={(r) => `${r.PrimaryStack}-${r.SecondaryStack}`}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rules}
        locale={{ emptyText: <Empty description="No stack rules for this site" /> }}
        columns={[
          { title: 'Stack', key: 'name', render: (_: unknown, r: MlbStackRule) => <b>{r.PrimaryStack}-{r.SecondaryStack}</b> },
          // The Stack column already reads 4-3: on a phone the two count columns give way, so the
          // Freq inputs fit the screen instead of scrolling the table sideways.
          { title: 'PrimaryStack', dataIndex: 'PrimaryStack', responsive: ['sm'] },
          { title: 'SecondaryStack', dataIndex: 'SecondaryStack', responsive: ['sm'] },
          {
            title: 'Freq', key: 'freq',
            render: (_: unknown, r: MlbStackRule, i: number) => (
              <InputNumber aria-label={`Stack ${r.PrimaryStack}-${r.SecondaryStack} freq`} size="small" min={0} max={100} addonAfter="%" value={pct(r.freq)} style={{ width: 100 }}
                onChange={(v) => v !== null && update({ stackSettingMode: 'advanced', specificStacks: rules.map((x, j) => (j === i ? { ...x, freq: Number(v) / 100 } : x)) })} />
            ),
          },
        ]}
      />
      <Space wrap className="ss-stack-add" size={6}>
        <InputNumber aria-label="New stack primary" size="small" min={1} max={maxPrimary} value={primary} style={{ width: 64 }} onChange={(v) => v !== null && setPrimary(Number(v))} />
        <span>-</span>
        <InputNumber aria-label="New stack secondary" size="small" min={0} max={primary} value={secondary} style={{ width: 64 }} onChange={(v) => v !== null && setSecondary(Number(v))} />
        <Button size="small" icon={<PlusOutlined />} disabled={!shapeValid} onClick={addShape}>Add stack</Button>
        {shapeTaken ? <span className="ss-muted">{primary}-{secondary} is listed</span> : null}
      </Space>
      <div className="ss-muted ss-stack-note">Unassigned: {pct(Math.max(0, 1 - total))} % of lineups have no forced stack.</div>
    </Card>
  );
}

function TeamRowsCard({ nfl }: { nfl: boolean }) {
  const { teamRows: rows, loading, failedLoading, updateTeamRow, resetTeamStacks } = useTeamStacks();
  const teamRows = { data: rows, loading, failedLoading };
  const kinds = nfl ? TEAM_LIMIT_KINDS : (['Players'] as const);
  const limitColumns = kinds.map((kind) => ({
    title: kind === 'Flex' ? 'Flex' : kind === 'Players' ? 'Players' : kind.replace(/s$/, 's'),
    key: kind,
    render: (_: unknown, r: TeamRow) => {
      const minKey = `TotalMin${kind}` as keyof TeamRow; const maxKey = `TotalMax${kind}` as keyof TeamRow;
      return (
        <Space size={2}>
          <InputNumber aria-label={`${r.TeamAbbrev} TotalMin${kind}`} size="small" min={0} max={9} style={{ width: 48 }} value={Number(r[minKey] ?? 0)}
            onChange={(v) => v !== null && updateTeamRow(r.TeamAbbrev, { [minKey]: Number(v) })} />
          <InputNumber aria-label={`${r.TeamAbbrev} TotalMax${kind}`} size="small" min={0} max={9} style={{ width: 48 }} value={Number(r[maxKey] ?? 9)}
            onChange={(v) => v !== null && updateTeamRow(r.TeamAbbrev, { [maxKey]: Number(v) })} />
        </Space>
      );
    },
  }));
  return (
    <Card size="small" className="ss-stack-card" title="Teams" extra={
      <Popconfirm title="Reset team stacks to the defaults?" okText="Reset" onConfirm={() => resetTeamStacks()}>
        <Button size="small" icon={<UndoOutlined />}>Reset</Button>
      </Popconfirm>
    }>
      <Table
        size="small"
        className="ss-team-rows"
        rowKey="TeamAbbrev"
        loading={teamRows.loading}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
        dataSource={teamRows.data}
        locale={{ emptyText: teamRows.failedLoading ? 'Team stacks could not be loaded.' : 'No teams' }}
        columns={[
          { title: 'Team', key: 'team', fixed: 'left', width: 90, render: (_: unknown, r: TeamRow) => <span><b>{r.TeamAbbrev}</b>{r.Opp ? <span className="ss-muted"> v {r.Opp}</span> : null}</span> },
          ...(nfl ? [{
            title: 'Allow stacks with',
            children: FLAG_COLUMNS.map((f) => ({
              title: f.title, key: f.key, width: 62, align: 'center' as const,
              render: (_: unknown, r: TeamRow) => (
                <Checkbox aria-label={`${r.TeamAbbrev} ${f.key}`} checked={r[f.key] !== false} onChange={(e) => updateTeamRow(r.TeamAbbrev, { [f.key]: e.target.checked })} />
              ),
            })),
          }] : []),
          { title: 'Team limits (min / max)', children: limitColumns },
        ]}
      />
    </Card>
  );
}

export function TeamStacksTab() {
  const ref = useBuilder((s) => s.ref);
  const settings = useSettings();
  if (!ref || !settings) return null;
  const style = STACK_STYLE[ref.sport];
  const classic = ref.contestType === 'classic';
  return (
    <div className="ss-team-stacks" data-testid="team-stacks-tab">
      {style === 'qb' && classic ? <NflStackSettings /> : null}
      {style === 'hitters' ? <MlbStackSettings /> : null}
      <div className="ss-stack-columns">
        <StackGroupsCard />
        <TeamRowsCard nfl={style === 'qb' && classic} />
      </div>
    </div>
  );
}
