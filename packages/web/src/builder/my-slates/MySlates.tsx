// The user's own slates in the builder: upload a site salary file (drag and
// drop), find it in the slate selector under "My slates", delete it. A private slate's
// builder path names it my-<id>; its date (or nfl week) travels in the query like any slate's.
import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Popconfirm, Select, Space, Tag, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_USER_SLATE_FILE_CHARS, SEASON_AVERAGES_NOTICE, SITE_NAMES, contestTypesFor, privateSlateId,
  type ContestType, type UserSlateSummary,
} from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { userSlatesApi } from '../../api/userSlates';
import { useAuth } from '../../auth/session';
import { usePlayers, useSlateFacts } from '../slateData';
import { builderUrl } from '../route';
import { useFileTask } from '../useFileTask';

export const isPrivateSlate = (slate: string) => privateSlateId(slate) !== null;

/** The user's slates of this sport and site (none for a visitor). */
export function useMySlates(ref: Pick<SlateRef, 'sport' | 'site'>) {
  const loggedin = useAuth((s) => s.loggedin);
  const query = useQuery({
    queryKey: ['user-slates', ref.sport, ref.site],
    queryFn: () => userSlatesApi.list(ref.sport, ref.site),
    enabled: loggedin,
  });
  return loggedin ? query.data ?? [] : [];
}

/** The query string that opens a private slate on its own date or week. */
export function mySlateQuery(slate: UserSlateSummary, current: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams(current);
  q.set('season', String(slate.season));
  if (slate.sport === 'nfl') {
    q.set('week', slate.counter);
    q.delete('date');
  } else {
    q.set('date', slate.counter);
    q.delete('week');
  }
  return q;
}

export const mySlateLabel = (s: UserSlateSummary) => `${s.name}${s.contestType === 'showdown' ? ' (Showdown)' : ''}`;

/** The builder URL of a private slate. */
export function mySlateUrl(slate: UserSlateSummary, current: URLSearchParams): string {
  return builderUrl({ sport: slate.sport as SlateRef['sport'], site: slate.site, contestType: slate.contestType, slate: slate.slate }, mySlateQuery(slate, current));
}

function readFile(file: File): Promise<string> {
  if (file.size > MAX_USER_SLATE_FILE_CHARS) return Promise.reject(new Error(`${file.name} is over ${MAX_USER_SLATE_FILE_CHARS / 1_000_000} MB: is it a salary file?`));
  return file.text();
}

/** "Upload salary file": a drag-and-drop dialog that makes the file a private slate and opens it. */
export function UploadSlateButton({ slate }: { slate: SlateRef }) {
  const loggedin = useAuth((s) => s.loggedin);
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [contestType, setContestType] = useState<ContestType | 'detect'>('detect');
  const { busy, error, setError, run } = useFileTask();
  const types = contestTypesFor(slate.sport, slate.site);

  const upload = (file: File) => run(async () => {
    const created = await userSlatesApi.upload({
      sport: slate.sport, site: slate.site, season: slate.season, counter: slate.counter,
      ...(contestType === 'detect' ? {} : { contestType }), ...(name.trim() ? { name: name.trim() } : {}),
      fileName: file.name, csv: await readFile(file),
    });
    await client.invalidateQueries({ queryKey: ['user-slates', slate.sport, slate.site] });
    void message.success(`${created.name}: ${created.players} players`);
    setOpen(false);
    setName('');
    navigate(mySlateUrl(created, new URLSearchParams(location.search)));
  });

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="upload-slate">Upload salary file</Button>
      <Modal
        open={open}
        title={`Your ${SITE_NAMES[slate.site]} slate`}
        onCancel={() => { setOpen(false); setError(null); }}
        footer={null}
        destroyOnHidden
      >
        {loggedin ? (
          <Space direction="vertical" style={{ width: '100%' }} size={12}>
            <div className="ss-muted">
              Bring the salary file you downloaded from {SITE_NAMES[slate.site]} (for example DKSalaries.csv). It becomes a slate of your own:
              only you see it, with every builder feature.
            </div>
            <Space wrap>
              <Input aria-label="Slate name" placeholder="Name (default: the file's)" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} style={{ width: 240 }} />
              {types.length > 1 ? (
                <Select
                  aria-label="Contest type"
                  value={contestType}
                  style={{ width: 190 }}
                  onChange={setContestType}
                  options={[{ value: 'detect', label: 'Contest: from the file' }, ...types.map((t) => ({ value: t, label: t === 'showdown' ? 'Showdown' : 'Classic' }))]}
                />
              ) : null}
            </Space>
            <Upload.Dragger
              accept=".csv,text/csv"
              multiple={false}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => { void upload(file); return false; }}
              data-testid="slate-dropzone"
            >
              <p className="ant-upload-drag-icon"><InboxOutlined /></p>
              <p className="ant-upload-text">{busy ? 'Reading the file…' : 'Drop the salary file here, or click to choose it'}</p>
              <p className="ant-upload-hint">{SITE_NAMES[slate.site]} {slate.sport.toUpperCase()} salary file (.csv, up to {MAX_USER_SLATE_FILE_CHARS / 1_000_000} MB)</p>
            </Upload.Dragger>
            {error ? <Alert type="error" showIcon message="The file could not be used" description={error} data-testid="slate-upload-error" /> : null}
          </Space>
        ) : (
          <div>
            <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>Log in</Link> or{' '}
            <Link to={`/signup?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>create a free account</Link> to build on your own slates.
          </div>
        )}
      </Modal>
    </>
  );
}

/** On a private slate: whose it is, and Delete. */
export function MySlateTag({ slate }: { slate: SlateRef }) {
  const mine = useMySlates(slate);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const { message } = App.useApp();
  const id = privateSlateId(slate.slate);
  if (id === null) return null;
  const summary = mine.find((s) => s.id === id);
  const remove = async () => {
    try {
      await userSlatesApi.remove(id);
      await client.invalidateQueries({ queryKey: ['user-slates', slate.sport, slate.site] });
      void message.success(`${summary?.name ?? 'Slate'} deleted`);
      navigate(builderUrl({ ...slate, contestType: 'classic', slate: 'Main' }, new URLSearchParams(location.search)));
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <Space size={4} className="ss-my-slate-tag">
      <Tag color="blue" title={summary ? `${summary.fileName} · ${summary.players} players` : undefined}>Your slate</Tag>
      <Popconfirm
        title="Delete this slate?"
        description="Its players, your edits, settings and saved lineups on it go too."
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => void remove()}
      >
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Delete this slate" />
      </Popconfirm>
    </Space>
  );
}

/**
 * "season averages, not projections": a slate made from a site's file (the
 * user's own, or a site slate an admin imported) carries only the site's season averages
 * (AvgPointsPerGame, FPPG) as points, until the user brings projections (Upload projections,
 * Custom Input or their own edits) or an admin imports projections onto it.
 */
export function SeasonAveragesBanner() {
  const averagesOnly = useSlateFacts().seasonAverages;
  const hasProjections = usePlayers().some((p) => p.UserProj !== null && p.UserProj !== undefined);
  if (!averagesOnly || hasProjections) return null;
  return (
    <Alert
      className="ss-season-averages"
      type="warning"
      showIcon
      data-testid="season-averages"
      message={<span><b>Points are {SEASON_AVERAGES_NOTICE}.</b> The salary file gives each player&apos;s season average; upload projections (Players tab, Upload projections) for lineups worth entering.</span>}
    />
  );
}
