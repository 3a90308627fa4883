// The Entries tab: upload the site's entries file (DraftKings DKEntries.csv,
// several contests in one, or FanDuel's entries file / upload template), deal the built lineups
// to its empty entries (by default in order; the user may start each contest at another lineup)
// and download the file ready to upload, with its entry columns exactly as read. The server
// reads and writes the file (POST /entries-file); the deal shown is the same domain rule.
import { useMemo, useState } from 'react';
import { Alert, App, Button, Empty, InputNumber, Space, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  CodedError, SITE_NAMES, coded, defaultLineupStarts, entryContests, entryIdsNotOnSlate, fillEntryLineups, getRoster, lineupUploadIds,
  siteId, splitBySiteRules, type EntryContest, type EntryLineup,
} from '@stacksmith/domain';
import { entriesFileApi } from '../../api/userSlates';
import { downloadText } from '../../download';
import { useBuilder } from '../builderStore';
import { usePlayers, useSaved } from '../slateData';
import { LateSwapEntries } from './LateSwapEntries';

export function EntriesTab() {
  const { message } = App.useApp();
  const ref = useBuilder((s) => s.ref);
  const players = usePlayers();
  const result = useBuilder((s) => s.result.data);
  const saved = useSaved();
  const [file, setFile] = useState<{ name: string; text: string; entries: EntryLineup[] } | null>(null);
  const [starts, setStarts] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const roster = ref ? getRoster(ref.sport, ref.site, ref.contestType) : null;
  const source = result.length > 0 ? { kind: 'built', lineups: result } : { kind: 'saved', lineups: saved };
  // Entries take only lineups the site accepts: one it would refuse (a saved lineup from before
  // a rule held) is left out, and the tab says which and why.
  const checked = useMemo(
    () => (roster ? splitBySiteRules(roster, source.lineups, players, (l, i) => `Lineup ${l.rawTable[0]?.Run ?? i + 1}`) : { accepted: [], refused: [] }),
    [source.lineups, roster, players],
  );
  const lineupIds = useMemo(
    () => (roster ? checked.accepted.map((l) => lineupUploadIds(l.rawTable, roster)) : []),
    [checked, roster],
  );
  const contests = useMemo(() => (file ? entryContests(file.entries) : []), [file]);
  if (!ref || !roster) return null;

  const upload = async (picked: File) => {
    try {
      const text = await picked.text();
      const { entries } = await entriesFileApi.fill(ref, picked.name, text, []);
      const slateIds = new Set(players.map((p) => siteId(String(p.Id))));
      const total = new Set(entries.flatMap((e) => e.players.filter(Boolean))).size;
      const missing = entryIdsNotOnSlate(entries, slateIds);
      if (missing.length > 0) {
        throw new CodedError(coded('entries-not-on-slate', { fileName: picked.name, missing: missing.length, total, examples: missing.slice(0, 3) }));
      }
      setFile({ name: picked.name, text, entries });
      setStarts(defaultLineupStarts(entryContests(entries)));
      setError(null);
      void message.success(`${entries.length} entries in ${entryContests(entries).length} contests`);
    } catch (e) {
      console.error(e);
      setError((e as Error).message);
    }
  };

  const toFill = contests.reduce((a, c) => a + c.empty, 0);
  const filled = file ? fillEntryLineups(file.entries, lineupIds, starts) : null;
  const download = async () => {
    if (!file) return;
    try {
      const answer = await entriesFileApi.fill(ref, file.name, file.text, lineupIds, starts);
      downloadText(file.name.replace(/(\.csv)?$/i, '-filled.csv'), answer.csv);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="ss-entries" data-testid="entries-tab">
      <div className="ss-tab-toolbar">
        <div>
          <div className="ss-tab-heading">Entries file</div>
          <div className="ss-muted">
            {ref.site === 'dk'
              ? 'Upload the entries file from DraftKings (My Contests, Upload Lineups, Edit Entries: DKEntries.csv).'
              : `Upload the entries file or lineup upload template from ${SITE_NAMES[ref.site]}.`} Its empty entries take your
            {source.kind === 'built' ? ' built' : ' saved'} lineups; download it and upload it back to {SITE_NAMES[ref.site]}.
          </div>
        </div>
        <Button type="primary" icon={<DownloadOutlined />} disabled={!filled || filled.filled === 0} onClick={() => void download()} data-testid="download-entries">
          Download filled entries
        </Button>
      </div>
      <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={(f) => { void upload(f); return false; }} className="ss-entries-drop" data-testid="entries-dropzone">
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{file ? `${file.name}: drop another entries file to replace it` : `Drop the ${SITE_NAMES[ref.site]} entries file here, or click to choose it`}</p>
      </Upload.Dragger>
      {checked.refused.length > 0 ? (
        <Alert className="ss-after-start-alert" type="warning" showIcon message="Lineups the site would refuse go into no entry"
          description={<ul>{checked.refused.map((m) => <li key={m}>{m}</li>)}</ul>} data-testid="entries-refused" />
      ) : null}
      {error ? <Alert className="ss-after-start-alert" type="error" showIcon message="The entries file could not be used" description={error} closable onClose={() => setError(null)} data-testid="entries-error" /> : null}
      {!file ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No entries file yet." />
      ) : (
        <>
          <Space wrap className="ss-entries-summary">
            <span><b>{file.entries.length}</b> entries, <b>{toFill}</b> to fill</span>
            <span><b>{lineupIds.length}</b> {source.kind} lineup{lineupIds.length === 1 ? '' : 's'}</span>
            {filled && filled.leftEmpty > 0 ? <Tag color="orange">{filled.leftEmpty} entr{filled.leftEmpty === 1 ? 'y stays' : 'ies stay'} empty: build more lineups</Tag> : null}
            {lineupIds.length === 0 ? <Tag color="orange">Build lineups first</Tag> : null}
          </Space>
          <Table<EntryContest>
            size="small"
            rowKey={(c) => `${c.contestId}|${c.contestName}`}
            dataSource={contests}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="entries-contests"
            columns={[
              { title: 'Contest', key: 'name', render: (_, c) => <span>{c.contestName}<div className="ss-muted">ID {c.contestId}</div></span> },
              { title: 'Fee', dataIndex: 'entryFee' },
              { title: 'Entries', key: 'entries', render: (_, c) => c.entries.length },
              { title: 'To fill', dataIndex: 'empty' },
              {
                title: 'Lineups',
                key: 'lineups',
                render: (_, c, i) => c.empty === 0 ? <span className="ss-muted">all entered</span> : (
                  <Space size={4}>
                    <span className="ss-muted">from #</span>
                    <InputNumber
                      size="small"
                      min={1}
                      max={Math.max(1, lineupIds.length)}
                      value={(starts[i] ?? 0) + 1}
                      aria-label={`First lineup for ${c.contestName}`}
                      onChange={(v) => v !== null && setStarts((s) => s.map((x, k) => (k === i ? Math.max(0, Math.floor(Number(v)) - 1) : x)))}
                      style={{ width: 70 }}
                    />
                    <span className="ss-muted">to #{(starts[i] ?? 0) + c.empty}</span>
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      {/* Late swap is DraftKings, classic and showdown (the optimizer's rule): FanDuel locks lineups at the first game. */}
      {ref.site === 'dk' ? <LateSwapEntries /> : null}
    </div>
  );
}
