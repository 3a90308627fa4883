// "Upload projections": a projection CSV from any source, matched to the
// slate's players by the server (Id, else name + team + position). The matched values become
// the user's projections and ownership, like a Custom Input edit (saved the same way); the
// match report lists every row: matched, ambiguous, unmatched.
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tabs, Tag, Upload } from 'antd';
import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  applyCustomInputUpdates, exposureDefaults, isCsvFileName, showdownCustomInputUpdates, CUSTOM_INPUT_CSV_ONLY, renderReceived, type CustomInputUpdate,
} from '@stacksmith/domain';
import type { ProjectionMatchRow, ProjectionsMatchReply } from '@stacksmith/domain';
import { userSlatesApi } from '../../api/userSlates';
import { useBuilder } from '../builderStore';
import { useEditPlayers } from '../slateData';
import { slateKey } from '../route';
import { useFileTask } from '../useFileTask';
import { excludeUnlisted, restoreExcluded, useUploadExclusions, type UploadExclusion } from './uploadExclusions';

/**
 * The warning that stays after a projections upload left players out: who, and one click to
 * bring them back with the site's values (their Max Exp before the upload).
 */
export function UnlistedPlayersNotice() {
  const ref = useBuilder((s) => s.ref);
  const editPlayers = useEditPlayers();
  const key = ref ? slateKey(ref) : '';
  const entry = useUploadExclusions((s) => s.bySlate[key]);
  const clear = useUploadExclusions((s) => s.clear);
  if (!ref || !entry || entry.excluded.length === 0) return null;
  const { excluded, fileName } = entry;
  const names = excluded.slice(0, 5).map((e) => e.Name).join(', ');
  const restore = () => {
    editPlayers((rows) => restoreExcluded(rows, excluded, exposureDefaults().MaxExp));
    clear(key);
  };
  return (
    <Alert
      type="warning"
      showIcon
      closable
      onClose={() => clear(key)}
      data-testid="unlisted-players-notice"
      style={{ marginBottom: 12 }}
      message={`${excluded.length} player${excluded.length === 1 ? '' : 's'} not in ${fileName} ${excluded.length === 1 ? 'is' : 'are'} excluded (Max Exp 0)`}
      description={`The file had no projection for ${names}${excluded.length > 5 ? ` and ${excluded.length - 5} more` : ''}; without one they would be built at the site's values.`}
      action={<Button size="small" onClick={restore} data-testid="restore-site-values">Use the site's values for them</Button>}
    />
  );
}

const fileCell = (r: ProjectionMatchRow) => (
  <span>{r.name}{r.team || r.position ? <span className="ss-muted"> · {[r.team, r.position].filter(Boolean).join(' ')}</span> : null}</span>
);

/** The three lists of a match report, as tabs with their counts. */
export function MatchReport({ report }: { report: ProjectionsMatchReply }) {
  const lineColumn = { title: 'Line', dataIndex: 'line', width: 56 };
  const table = (rows: ProjectionMatchRow[], extra: { title: string; key: string; render: (_: unknown, r: ProjectionMatchRow) => React.ReactNode }[], testId: string) => (
    <Table<ProjectionMatchRow>
      size="small"
      rowKey="line"
      data-testid={testId}
      dataSource={rows}
      pagination={rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      columns={[lineColumn, { title: 'In the file', key: 'file', render: (_, r) => fileCell(r) }, ...extra]}
      scroll={{ x: 'max-content' }}
    />
  );
  return (
    <Tabs
      size="small"
      defaultActiveKey={report.unmatched.length + report.ambiguous.length > 0 && report.matched.length === 0 ? 'unmatched' : 'matched'}
      items={[
        {
          key: 'matched', label: <span>Matched <Tag color="green">{report.matched.length}</Tag></span>,
          children: table(report.matched, [
            { title: 'Player', key: 'player', render: (_, r) => r.playerName },
            { title: 'Proj', key: 'proj', render: (_, r) => r.ProjPts ?? '–' },
            { title: 'Own', key: 'own', render: (_, r) => r.ProjOwn ?? '–' },
          ], 'match-matched'),
        },
        {
          key: 'ambiguous', label: <span>Ambiguous <Tag color={report.ambiguous.length ? 'orange' : undefined}>{report.ambiguous.length}</Tag></span>,
          children: table(report.ambiguous, [
            { title: 'Could be', key: 'candidates', render: (_, r) => (r.candidates ?? []).map((c) => `${c.Name} (${[c.TeamAbbrev, c.Position].filter(Boolean).join(' ')})`).join(', ') || r.playerName },
            { title: 'Why', key: 'reason', render: (_, r) => renderReceived(r.reasonCode, r.reason) },
          ], 'match-ambiguous'),
        },
        {
          key: 'unmatched', label: <span>Unmatched <Tag color={report.unmatched.length ? 'red' : undefined}>{report.unmatched.length}</Tag></span>,
          children: table(report.unmatched, [{ title: 'Why', key: 'reason', render: (_, r) => renderReceived(r.reasonCode, r.reason) }], 'match-unmatched'),
        },
      ]}
    />
  );
}

export function ProjectionsUpload() {
  const { message } = App.useApp();
  const ref = useBuilder((s) => s.ref);
  const editPlayers = useEditPlayers();
  const recordExclusions = useUploadExclusions((s) => s.record);
  const [open, setOpen] = useState(false);
  const { busy, error, setError, run } = useFileTask();
  const [report, setReport] = useState<ProjectionsMatchReply | null>(null);

  const upload = async (file: File) => {
    if (!ref) return;
    if (!isCsvFileName(file.name)) {
      setError(CUSTOM_INPUT_CSV_ONLY);
      return;
    }
    await run(async () => {
      const answer = await userSlatesApi.projectionsByName(ref, file.name, await file.text());
      const updates: CustomInputUpdate[] = answer.matched.map((r) => ({
        Id: r.playerId!,
        ...Object.fromEntries((['ProjPts', 'ProjOwn', 'MinExp', 'MaxExp'] as const).filter((k) => r[k] !== undefined).map((k) => [k, r[k]])),
      }));
      let excluded: UploadExclusion[] = [];
      editPlayers((rows) => {
        const listed = ref.contestType === 'showdown' ? showdownCustomInputUpdates(updates, rows) : updates;
        const applied = applyCustomInputUpdates(rows, listed);
        // A file that matched nobody excludes nobody: the match report says what went wrong.
        if (listed.length === 0) return applied;
        const result = excludeUnlisted(applied, new Set(listed.map((u) => u.Id)));
        excluded = result.excluded;
        return result.rows;
      });
      recordExclusions(slateKey(ref), file.name, excluded);
      setReport(answer);
      void message.success(`Projections applied to ${answer.matched.length} players`);
    });
  };

  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="upload-projections">Upload projections</Button>
      <Modal open={open} title="Upload projections" onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>Close</Button>} width={720} destroyOnHidden={false}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <div className="ss-muted">
            A CSV from any projection source: players are found by Id, or by name with the team and position
            (columns such as Name, Team, Pos and Proj or FPTS; Own for ownership). Matched players get your projection.
          </div>
          <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} disabled={busy} beforeUpload={(file) => { void upload(file); return false; }} data-testid="projections-dropzone">
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{busy ? 'Matching…' : 'Drop the projection file here, or click to choose it'}</p>
          </Upload.Dragger>
          {error ? <Alert type="error" showIcon message="The file could not be used" description={error} /> : null}
          {report ? <div data-testid="match-report"><MatchReport report={report} /></div> : null}
        </Space>
      </Modal>
    </>
  );
}
