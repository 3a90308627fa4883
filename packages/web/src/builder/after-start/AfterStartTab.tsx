// The After Start tab (dk classic only: the other sites lock every lineup at the first game;
// needs opt.nfl.after_start): upload the DraftKings entries CSV or take the saved lineups,
// grouped by slate with an active toggle each. With late swap on, the build re-optimises the
// active lineups (players whose games started stay) and the export writes the upload file.
import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Space, Switch, Table, Tag, Tooltip, Upload } from 'antd';
import { DownloadOutlined, LockOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import {
  TOOLTIP_HOVER_DELAY_SECONDS, UPGRADE_FOR_THIS_FEATURE, entriesUploadCsv, getRoster, groupEntriesBySlate, lineupUploadIds, readEntriesUpload, splitBySiteRules,
} from '@stacksmith/domain';
import { usePermission } from '../../permissions/usePermissions';
import { useBuilder } from '../builderStore';
import { usePlayers, useSaved } from '../slateData';
import { downloadText } from '../../download';
import { activeAfterStartLineups, useExtras, type AfterStartLineup } from '../extrasStore';

export function AfterStartTab() {
  const { message } = App.useApp();
  const allowed = usePermission('opt.nfl.after_start');
  const ref = useBuilder((s) => s.ref);
  const players = usePlayers();
  const saved = useSaved();
  const result = useBuilder((s) => s.result.data);
  const { afterStart, setAfterStartSets, toggleAfterStartSet, setAfterStartActivated } = useExtras();
  const [error, setError] = useState<string | null>(null);
  if (!ref) return null;
  const roster = getRoster(ref.sport, ref.site, ref.contestType);
  const names = new Map(players.map((p) => [String(p.Id), p.Name]));
  const slates = Object.entries(afterStart.sets);
  const activeCount = activeAfterStartLineups(afterStart.sets).length;
  const swapped = result.filter((l) => (l as { entry?: unknown }).entry !== undefined);

  const upload = async (file: File) => {
    try {
      const entries = readEntriesUpload(await file.text(), roster);
      setAfterStartSets(groupEntriesBySlate(entries, ref.slate));
      setError(null);
      void message.success(`${entries.length} entries loaded`);
    } catch (e) {
      // Upload errors are shown here and logged to the console.
      console.error(e);
      setError((e as Error).message);
    }
  };

  const takeSaved = () => {
    const lineups: AfterStartLineup[] = saved.map((l) => ({ players: lineupUploadIds(l.rawTable, roster) }));
    setAfterStartSets(lineups.length > 0 ? { [ref.slate]: { active: true, lineups } } : {});
  };

  const exportUpload = () => {
    // A lineup kept as it was (every player started) is written back only if the site would take
    // it; one it would refuse (an old saved lineup) stays out, and the tab says why.
    const check = splitBySiteRules(roster, swapped, players, (l, i) => `Lineup ${l.rawTable[0]?.Run ?? i + 1}`);
    if (check.refused.length > 0) void message.warning(check.refused.join(' '));
    if (check.accepted.length === 0) return;
    downloadText(`DKEntries-late-swap-${ref.season}-${ref.counter}.csv`, entriesUploadCsv(check.accepted, roster));
  };

  if (!allowed) {
    return (
      <Empty className="ss-after-start-locked" image={<LockOutlined style={{ fontSize: 40, color: '#8a97a8' }} />}
        description={<><b>After Start</b><div className="ss-muted">{UPGRADE_FOR_THIS_FEATURE}</div></>} />
    );
  }

  return (
    <div className="ss-after-start" data-testid="after-start-tab">
      <div className="ss-tab-toolbar">
        <div>
          <div className="ss-tab-heading">Late swap</div>
          <div className="ss-muted">Players whose games have started stay in their slots; the rest of each lineup is re-optimised.</div>
        </div>
        <Space wrap>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
            <Button icon={<UploadOutlined />}>Upload DraftKings entries</Button>
          </Upload>
          <Tooltip mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS} title={saved.length === 0 ? 'No saved lineups on this slate' : null}>
            <Button icon={<SaveOutlined />} disabled={saved.length === 0} onClick={takeSaved}>Use saved lineups ({saved.length})</Button>
          </Tooltip>
          <Button type="primary" icon={<DownloadOutlined />} disabled={swapped.length === 0} onClick={exportUpload} data-testid="export-entries">Export for upload</Button>
        </Space>
      </div>
      {error ? <Alert className="ss-after-start-alert" type="error" showIcon message="The file could not be read" description={error} closable onClose={() => setError(null)} /> : null}
      {slates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Upload your DraftKings entries or use your saved lineups to late swap them." />
      ) : (
        <>
          <div className="ss-after-start-switch">
            <Switch aria-label="Late swap on build" checked={afterStart.activated} onChange={setAfterStartActivated} />
            <span>Late swap on build: <b>{activeCount}</b> lineup{activeCount === 1 ? '' : 's'} from the active slates</span>
          </div>
          {slates.map(([slate, set]) => (
            <Card key={slate} size="small" className="ss-stack-card ss-after-start-set" title={<Space>{slate}<Tag>{set.lineups.length} lineup{set.lineups.length === 1 ? '' : 's'}</Tag></Space>}
              extra={<Space><span className="ss-muted">Active</span><Switch size="small" aria-label={`${slate} active`} checked={set.active} onChange={() => toggleAfterStartSet(slate)} /></Space>}>
              <Table
                size="small"
                pagination={set.lineups.length > 10 ? { pageSize: 10, size: 'small' } : false}
                rowKey={(l, i) => l.entryId ?? String(i)}
                dataSource={set.lineups}
                scroll={{ x: 'max-content' }}
                columns={[
                  ...(set.lineups.some((l) => l.entryId) ? [{ title: 'Entry', key: 'entry', render: (_: unknown, l: AfterStartLineup) => <span>{l.entryId}<div className="ss-muted">{l.entryFee}</div></span> }] : []),
                  ...roster.uploadHeader.map((slot, s) => ({
                    title: slot, key: `${slot}-${s}`,
                    render: (_: unknown, l: AfterStartLineup) => {
                      const name = names.get(l.players[s] ?? '') ?? l.players[s] ?? '';
                      // After a swap, a player kept because his game had started shows a lock.
                      return l.locked?.[s] ? <span className="ss-locked-player" data-testid="after-start-locked"><LockOutlined aria-label="Game started: locked" /> {name}</span> : name;
                    },
                  })),
                ]}
              />
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
