// The Admin tab (admins only): import the slate's salary and projection files
// with a preview and the first bad row shown before anything is written; save the current
// settings, player edits and groups as a custom preset; create and delete cheat sheets.
import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Input, List, Popconfirm, Select, Space, Table, Upload } from 'antd';
import { DeleteOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { playerOverride, siteId} from '@stacksmith/domain';
import type { ImportReply } from '@stacksmith/domain';
import { adminApi } from '../../api/extras';
import { useBuilder } from '../builderStore';
import { refetchPlayers, usePlayers, useSettings } from '../slateData';
import { useGroups } from '../extrasData';
import { useCheatSheets, useCustomPresets, useSaveCheatSheet, useSaveCustomPreset } from '../presets/contentStore';

type Kind = 'salaries' | 'projections';
const TITLES: Record<Kind, string> = { salaries: 'Salary file', projections: 'Projection file' };
const HINTS: Record<Kind, string> = {
  salaries: 'DraftKings, FanDuel or Yahoo salary CSV; replaces the players of this slate.',
  projections: 'CSV with Id and any of ProjPts, ProjOwn, Ceiling, ProjMins, MinExp, MaxExp; changes the house values.',
};

function ImportCard({ kind }: { kind: Kind }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const ref = useBuilder((s) => s.ref)!;
  const key = useBuilder((s) => s.key);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (f: File) => {
    const text = await f.text();
    setFile({ name: f.name, text });
    setPreview(null);
    setError(null);
    setBusy(true);
    try {
      setPreview(await adminApi.importFile(kind, ref, f.name, text, false));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const write = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const report = await adminApi.importFile(kind, ref, file.name, file.text, true);
      void message.success(`${report.rows} rows imported`);
      setFile(null);
      setPreview(null);
      await refetchPlayers(client, key);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const columns = preview?.sample?.[0] ? Object.keys(preview.sample[0]).map((c) => ({ title: c, dataIndex: c, key: c })) : [];
  return (
    <Card size="small" className="ss-stack-card" title={TITLES[kind]} extra={
      <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => { void check(f); return false; }}>
        <Button size="small" icon={<UploadOutlined />} loading={busy && !preview}>Choose file</Button>
      </Upload>
    }>
      <div className="ss-muted ss-admin-hint">{HINTS[kind]}</div>
      {error ? <Alert type="error" showIcon message={`${file?.name ?? 'The file'} was not imported`} description={error} /> : null}
      {preview ? (
        <div data-testid={`preview-${kind}`}>
          <Descriptions size="small" column={3} items={[
            { key: 'f', label: 'File', children: file?.name },
            { key: 'r', label: 'Rows', children: preview.rows },
            ...(preview.detail ? [{ key: 'd', label: 'Format', children: preview.detail }] : []),
          ]} />
          <Table size="small" rowKey={(r) => String(r.Id)} columns={columns} dataSource={preview.sample ?? []} pagination={false} scroll={{ x: 'max-content' }} />
          <Space className="ss-admin-actions">
            <Button type="primary" loading={busy} onClick={write}>Import {preview.rows} rows into {ref.slate}</Button>
            <Button onClick={() => { setPreview(null); setFile(null); }}>Discard</Button>
          </Space>
        </div>
      ) : null}
    </Card>
  );
}

function PresetsCard() {
  const { message } = App.useApp();
  const settings = useSettings();
  const players = usePlayers();
  const { groups } = useGroups();
  const customPresets = useCustomPresets();
  const saveCustomPreset = useSaveCustomPreset();
  const [name, setName] = useState('');

  const save = async () => {
    if (!settings || !name.trim()) return;
    const edited = players.map(playerOverride).filter((p) => p.UserProj != null || p.UserOwn != null || Number(p.Boost) !== 0 || Number(p.MinExp) > 0 || Number(p.MaxExp) < 100);
    const { stackSettingMode, specificStacks, teamStackPct, gameStackPct, force2FlexStck, noStackPct, ...general } = settings;
    const ok = await saveCustomPreset({
      displayName: name.trim(), players: edited, generalSettings: general, groups,
      stackSettings: { stackSettingMode, specificStacks, teamStackPct, gameStackPct, force2FlexStck, noStackPct },
    });
    if (ok) { void message.success(`Preset "${name.trim()}" saved`); setName(''); } else void message.error('The preset could not be saved.');
  };

  return (
    <Card size="small" className="ss-stack-card" title="Custom presets">
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input aria-label="Preset name" placeholder="Name of a preset from the current settings, player edits and groups" value={name} onChange={(e) => setName(e.target.value)} onPressEnter={save} />
        <Button type="primary" icon={<SaveOutlined />} disabled={!name.trim()} onClick={save}>Save preset</Button>
      </Space.Compact>
      <List size="small" dataSource={customPresets} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No custom presets for this slate" /> }}
        renderItem={(p) => (
          <List.Item actions={[
            <Popconfirm key="rm" title="Delete this preset?" onConfirm={() => saveCustomPreset({ displayName: p.displayName, delete: true })}>
              <Button size="small" type="text" aria-label={`Delete preset ${p.displayName}`} icon={<DeleteOutlined />} />
            </Popconfirm>,
          ]}>{p.displayName}</List.Item>
        )} />
    </Card>
  );
}

function CheatSheetsCard() {
  const { message } = App.useApp();
  const players = usePlayers();
  const cheatSheets = useCheatSheets();
  const saveCheatSheet = useSaveCheatSheet();
  const [name, setName] = useState('');
  const [picks, setPicks] = useState<string[]>([]);
  const options = players.filter((p) => !String(p.Id).includes('|') || String(p.Id).endsWith('|FLEX'))
    .map((p) => ({ value: siteId(String(p.Id)), label: `${p.Name} · ${p.Position} · ${p.TeamAbbrev}` }));

  const save = async () => {
    const ok = await saveCheatSheet({ displayName: name.trim(), playerPicks: picks });
    if (ok) { void message.success(`Cheat sheet "${name.trim()}" saved`); setName(''); setPicks([]); } else void message.error('The cheat sheet could not be saved.');
  };

  return (
    <Card size="small" className="ss-stack-card" title="Cheat sheets (Expert Targets)">
      <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <Input aria-label="Cheat sheet name" placeholder="Name, e.g. Cash core" value={name} onChange={(e) => setName(e.target.value)} />
        <Select aria-label="Cheat sheet players" mode="multiple" options={options} optionFilterProp="label" value={picks} onChange={setPicks} placeholder="Players" style={{ width: '100%' }} />
        <Button type="primary" icon={<SaveOutlined />} disabled={!name.trim() || picks.length === 0} onClick={save}>Save cheat sheet</Button>
      </Space>
      <List size="small" dataSource={cheatSheets} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cheat sheets for this slate" /> }}
        renderItem={(c) => (
          <List.Item actions={[
            <Popconfirm key="rm" title="Delete this cheat sheet?" onConfirm={() => saveCheatSheet({ displayName: c.name, delete: true })}>
              <Button size="small" type="text" aria-label={`Delete cheat sheet ${c.name}`} icon={<DeleteOutlined />} />
            </Popconfirm>,
          ]}>{c.name} <span className="ss-muted">· {c.player_picks.length} player{c.player_picks.length === 1 ? '' : 's'}</span></List.Item>
        )} />
    </Card>
  );
}

export function AdminTab() {
  const ref = useBuilder((s) => s.ref);
  if (!ref) return null;
  return (
    <div className="ss-admin" data-testid="admin-tab">
      <div className="ss-admin-grid">
        <ImportCard kind="salaries" />
        <ImportCard kind="projections" />
        <PresetsCard />
        <CheatSheetsCard />
      </div>
    </div>
  );
}
