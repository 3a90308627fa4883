// The presets selector (needs opt.nfl.historical_data): 'Default',
// the site presets drawn from past winners and the slate's custom presets, applied with
// 'Use Presets' after the overwrite confirmation; an Active tag shows for 2 seconds.
import { useEffect, useState } from 'react';
import { App, Button, Select, Tag, Tooltip } from 'antd';
import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, PRESET_ACTIVE_MS, PRESET_OVERWRITE_CONFIRMATION, UPGRADE_FOR_THIS_FEATURE, defaultSettings,
  type BuildSettings, type PlayerGroup, siteId,
} from '@stacksmith/domain';
import type { CustomPreset, SitePreset } from '@stacksmith/domain';
import { HIDE_PRESETS } from '../../permissions/flags';
import { usePermission } from '../../permissions/usePermissions';
import { useBuilder } from '../builderStore';
import { useEditPlayers, useResetSettings, useSettings, useUpdateSettings } from '../slateData';
import { useGroups } from '../extrasData';
import { useCustomPresets, useSitePresets } from './contentStore';

const DEFAULT = 'Default';

/** The settings a preset sets: only keys the settings know, so nothing stray is saved. */
export function presetSettings(base: BuildSettings, ...parts: (Record<string, unknown> | null | undefined)[]): Partial<BuildSettings> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part ?? {})) if (key in base && value !== undefined && value !== null) out[key] = value;
  }
  return out as Partial<BuildSettings>;
}

export function PresetsBar() {
  const { modal } = App.useApp();
  const allowed = usePermission('opt.nfl.historical_data');
  const ref = useBuilder((s) => s.ref);
  const settings = useSettings();
  const updateSettings = useUpdateSettings();
  const resetSettings = useResetSettings();
  const editPlayers = useEditPlayers();
  const { replaceGroups } = useGroups();
  const sitePresets = useSitePresets();
  const customPresets = useCustomPresets();
  const [choice, setChoice] = useState(DEFAULT);
  const [activeUntil, setActiveUntil] = useState(0);

  useEffect(() => {
    if (activeUntil === 0) return;
    const timer = setTimeout(() => setActiveUntil(0), PRESET_ACTIVE_MS);
    return () => clearTimeout(timer);
  }, [activeUntil]);

  // The special build flag that hides the presets button hides the whole bar.
  if (!ref || !settings || HIDE_PRESETS) return null;
  const options = [
    { value: DEFAULT, label: DEFAULT },
    ...sitePresets.map((p) => ({ value: `site:${p.displayName}`, label: `${p.displayName}${p.sample ? ` (${p.sample} winners)` : ''}` })),
    ...customPresets.map((p) => ({ value: `custom:${p.id}`, label: p.displayName })),
  ];

  const apply = () => {
    const base = defaultSettings(ref.sport, ref.site, ref.contestType);
    if (choice === DEFAULT) {
      resetSettings();
    } else if (choice.startsWith('site:')) {
      const preset = sitePresets.find((p) => `site:${p.displayName}` === choice) as SitePreset | undefined;
      if (!preset) return;
      updateSettings(presetSettings(base, preset.generalSettings, preset.stackSettings));
    } else {
      const preset = customPresets.find((p) => `custom:${p.id}` === choice) as CustomPreset | undefined;
      if (!preset) return;
      const { players = [], site_settings, team_stacks, groups } = preset.presets;
      updateSettings(presetSettings(base, site_settings, team_stacks));
      if (players.length > 0) {
        const byId = new Map(players.map((p) => [String(p.Id), p]));
        editPlayers((rows) => rows.map((row) => {
          const p = byId.get(siteId(String(row.Id))) ?? byId.get(String(row.Id));
          if (!p) return row;
          const { Id: _id, ...values } = p;
          return { ...row, ...values };
        }));
      }
      if (Array.isArray(groups)) void replaceGroups(groups as PlayerGroup[]);
    }
    setActiveUntil(Date.now() + PRESET_ACTIVE_MS);
  };

  const confirm = () => modal.confirm({
    title: 'Use presets',
    content: PRESET_OVERWRITE_CONFIRMATION,
    okText: 'Yes',
    cancelText: 'No',
    onOk: apply,
  });

  return (
    <div className="ss-presets" data-testid="presets-bar">
      <span className="ss-muted">Presets</span>
      <Select aria-label="Preset" value={choice} onChange={setChoice} options={options} style={{ minWidth: 240 }} />
      {allowed ? (
        <Button type="primary" ghost onClick={confirm}>Use Presets</Button>
      ) : (
        <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={UPGRADE_FOR_THIS_FEATURE}><Button disabled icon={<LockOutlined />}>Use Presets</Button></Tooltip>
      )}
      {activeUntil > 0 ? <Tag color="success" icon={<CheckCircleFilled />} data-testid="preset-active">Active</Tag> : null}
    </div>
  );
}
