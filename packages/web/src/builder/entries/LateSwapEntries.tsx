// Late swap of a filled entries file, entry by entry: the file goes to the
// server with the builder's players and settings; each entry is re-optimised where its games
// have not started, an entry that cannot be improved stays as it was with the reason, and
// the file to upload keeps Entry ID, Contest Name, Contest ID and Entry Fee exactly.
import { renderReceived, siteId, type EntrySwap } from '@stacksmith/domain';
import { useState } from 'react';
import { Alert, Button, Space, Table, Tag, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { lateSwapApi } from '../../api/userSlates';
import { downloadText } from '../../download';
import { usePermission } from '../../permissions/usePermissions';
import { UpgradeNotice } from '../../permissions/Gated';
import { usePlayers, useSettings } from '../slateData';
import { buildRequest } from '../useBuild';
import { useFileTask } from '../useFileTask';

const STATUS_COLORS: Record<EntrySwap['status'], string> = { swapped: 'green', unchanged: 'default', kept: 'orange' };

export function LateSwapEntries() {
  const allowed = usePermission('opt.nfl.after_start');
  const client = useQueryClient();
  const players = usePlayers();
  const settings = useSettings();
  const { busy, error, run } = useFileTask();
  const [answer, setAnswer] = useState<{ fileName: string; results: EntrySwap[]; csv: string } | null>(null);
  const names = new Map(players.map((p) => [siteId(String(p.Id)), p.Name]));

  const swap = async (file: File) => {
    if (!settings) return;
    setAnswer(null);
    await run(async () => {
      const result = await lateSwapApi.entries(buildRequest(client, settings, settings.numLUs, []), file.name, await file.text());
      setAnswer({ fileName: file.name, results: result.results, csv: result.csv });
    });
  };

  if (!allowed) return <UpgradeNotice permission="opt.nfl.after_start" />;
  const counts = (status: EntrySwap['status']) => answer?.results.filter((r) => r.status === status).length ?? 0;
  return (
    <div className="ss-late-swap-entries" data-testid="late-swap-entries">
      <div className="ss-tab-toolbar">
        <div>
          <div className="ss-tab-heading">Late swap a filled entries file</div>
          <div className="ss-muted">Players whose games have started stay; each entry&apos;s other slots are re-optimised with your players and settings.</div>
        </div>
        <Space wrap>
          <Upload accept=".csv,text/csv" showUploadList={false} disabled={busy || !settings} beforeUpload={(f) => { void swap(f); return false; }}>
            <Button icon={<SwapOutlined />} loading={busy} data-testid="late-swap-upload">Late swap entries file</Button>
          </Upload>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!answer}
            onClick={() => answer && downloadText(answer.fileName.replace(/(\.csv)?$/i, '-late-swap.csv'), answer.csv)}
            data-testid="download-late-swap"
          >
            Download swapped entries
          </Button>
        </Space>
      </div>
      {error ? <Alert className="ss-after-start-alert" type="error" showIcon message="The entries file could not be late swapped" description={error} data-testid="late-swap-error" /> : null}
      {answer ? (
        <>
          <Space wrap className="ss-entries-summary">
            <Tag color="green">{counts('swapped')} swapped</Tag>
            <Tag>{counts('unchanged')} unchanged</Tag>
            <Tag color="orange">{counts('kept')} kept</Tag>
          </Space>
          <Table<EntrySwap>
            size="small"
            rowKey="entryId"
            dataSource={answer.results}
            pagination={answer.results.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="late-swap-results"
            columns={[
              { title: 'Entry', key: 'entry', render: (_, r) => <span>{r.entryId}<div className="ss-muted">{r.contestName}</div></span> },
              { title: 'Result', key: 'status', render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.status}</Tag> },
              {
                title: 'Changes', key: 'changes',
                render: (_, r) => {
                  const changes = r.after.map((id, s) => [r.before[s], id] as const).filter(([a, b]) => a !== b);
                  if (r.status !== 'swapped' || changes.length === 0) return <span className="ss-muted">{renderReceived(r.reasonCode, r.reason) || '–'}</span>;
                  return changes.map(([a, b]) => `${names.get(a ?? '') ?? (a || 'empty')} → ${names.get(b) ?? b}`).join(', ');
                },
              },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
