import { Button, Card, InputNumber, Popconfirm, Select, Switch } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import {
  groupSettingFields, settingFields, settingNotes, settingRows,
  type BuildSettings, type SettingField,
} from '@stacksmith/domain';
import { HelpTip } from '../../shell/HelpTip';
import { useBuilder } from '../builderStore';
import { useResetSettings, useSettings, useUpdateSettings } from '../slateData';
import { useLineupLimit } from '../useBuild';
import { SeedControl } from '../SeedControl';

const thousands = (value: string | number | undefined) => `${value ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plain = (value: string | undefined) => Number((value ?? '').replace(/[^\d.-]/g, '')) as unknown as number;

function SettingInput({ field, settings, onChange, lineupLimit, compact }: {
  field: SettingField;
  settings: BuildSettings;
  onChange: (patch: Partial<BuildSettings>) => void;
  lineupLimit: number;
  compact?: boolean;
}) {
  const value = (settings as unknown as Record<string, unknown>)[field.key];
  const label = field.label;
  const input = field.input;
  switch (input.kind) {
    case 'boolean':
      return <Switch aria-label={label} checked={Boolean(value)} onChange={(checked) => onChange({ [field.key]: checked })} />;
    case 'choice':
      return (
        <Select
          aria-label={label}
          className="ss-setting-input"
          // Per-position randomness falls back to the overall level when unset.
          value={(value as string | undefined) ?? settings.projPtsRandInput}
          options={input.options.map((o) => ({ value: o, label: o.charAt(0).toUpperCase() + o.slice(1) }))}
          onChange={(v: string) => onChange({ [field.key]: v })}
        />
      );
    case 'fraction':
      return (
        <InputNumber
          aria-label={label}
          className="ss-setting-input"
          min={0}
          max={100}
          step={5}
          addonAfter="%"
          value={Math.round(Number(value ?? 0) * 1000) / 10}
          onChange={(v) => v !== null && onChange({ [field.key]: Number(v) / 100 })}
        />
      );
    case 'percent':
      return (
        <InputNumber aria-label={label} className="ss-setting-input" min={0} max={100} step={5} addonAfter="%" value={Number(value ?? 0)}
          onChange={(v) => v !== null && onChange({ [field.key]: Number(v) })} />
      );
    case 'number': {
      const max = field.key === 'numLUs' ? lineupLimit : input.max;
      return (
        <InputNumber
          aria-label={label}
          className={compact ? 'ss-setting-input-half' : 'ss-setting-input'}
          min={input.min}
          max={max}
          step={input.step}
          prefix={input.prefix}
          {...(input.prefix === '$' ? { formatter: thousands, parser: plain } : {})}
          value={Number(value ?? 0)}
          onChange={(v) => v !== null && onChange({ [field.key]: Number(v) })}
        />
      );
    }
  }
}

export function SettingsTab() {
  const ref = useBuilder((s) => s.ref);
  const settings = useSettings();
  const updateSettings = useUpdateSettings();
  const resetSettings = useResetSettings();
  const lineupLimit = useLineupLimit();
  if (!ref || !settings) return null;
  const groups = groupSettingFields(settingFields(ref.sport, ref.contestType));
  const notes = settingNotes(settings, ref.sport, ref.site, ref.contestType);
  const note = (key: string) => (notes[key] ? <div className="ss-setting-note" role="note" data-testid={`note-${key}`}>{notes[key]}</div> : null);
  return (
    <div>
      <div className="ss-toolbar">
        <span className="ss-muted">Changes save automatically.</span>
        <span className="ss-toolbar-spacer" />
        <SeedControl />
        <Popconfirm title="Put every build setting back to its default?" onConfirm={resetSettings} okText="Reset">
          <Button icon={<UndoOutlined />}>Reset to defaults</Button>
        </Popconfirm>
      </div>
      <div className="ss-settings-grid">
        {groups.map(({ group, fields }) => (
          <Card key={group} title={group} size="small" className="ss-settings-group">
            {settingRows(fields).map((row) =>
              row.kind === 'single' ? (
                <div className="ss-setting" key={row.field.key}>
                  <span className="ss-setting-label">
                    {row.field.label}
                    <HelpTip text={row.field.help} />
                  </span>
                  <SettingInput field={row.field} settings={settings} onChange={updateSettings} lineupLimit={lineupLimit} />
                  {note(row.field.key)}
                </div>
              ) : (
                <div className="ss-setting" key={row.range.label}>
                  <span className="ss-setting-label">
                    {row.range.label}
                    <HelpTip text={row.range.help} />
                  </span>
                  <span className="ss-setting-range">
                    <SettingInput compact field={row.min} settings={settings} onChange={updateSettings} lineupLimit={lineupLimit} />
                    <span className="ss-muted">to</span>
                    <SettingInput compact field={row.max} settings={settings} onChange={updateSettings} lineupLimit={lineupLimit} />
                  </span>
                  {note(row.range.label)}
                </div>
              ),
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}
