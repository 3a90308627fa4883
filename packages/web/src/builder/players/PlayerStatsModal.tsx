import { Empty, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { primaryPosition, type PlayerRow, type Sport } from '@stacksmith/domain';
import type { GameLogRow } from '@stacksmith/domain';
import { analysisApi } from '../../api/client';

const COLUMNS: { key: keyof GameLogRow; title: string }[] = [
  { key: 'Week', title: 'Wk' }, { key: 'Opponent', title: 'Opp' }, { key: 'DKPts', title: 'DK' }, { key: 'FDPts', title: 'FD' },
  { key: 'YAPts', title: 'YA' }, { key: 'PassAtt', title: 'Att' }, { key: 'PassCmp', title: 'Cmp' }, { key: 'PassYds', title: 'Pass Yds' },
  { key: 'PassTds', title: 'Pass TD' }, { key: 'PassInt', title: 'Int' }, { key: 'RushAtt', title: 'Rush' }, { key: 'RushYds', title: 'Rush Yds' },
  { key: 'RushTds', title: 'Rush TD' }, { key: 'Tar', title: 'Tgt' }, { key: 'Rec', title: 'Rec' }, { key: 'RecYds', title: 'Rec Yds' },
  { key: 'RecTds', title: 'Rec TD' }, { key: 'FmbLss', title: 'Fum' },
];

const NBA_COLUMNS: { key: keyof GameLogRow; title: string }[] = [
  { key: 'Week', title: 'Game' }, { key: 'Opponent', title: 'Opp' }, { key: 'Min', title: 'Min' }, { key: 'Usg', title: 'Usage %' },
  { key: 'DKPts', title: 'DK' }, { key: 'FDPts', title: 'FD' },
];

/** Clicking a player name opens this game log. */
export function PlayerStatsModal({ sport, player, onClose, before }: {
  sport: Sport; player: PlayerRow; onClose: () => void;
  /** The slate shown: only games played before it are listed. */
  before?: { season: number; counter: string };
}) {
  const stats = useQuery({
    queryKey: ['player-stats', sport, player.Name, player.Position, before?.season, before?.counter],
    queryFn: () => analysisApi.playerStats(sport, player.Name, primaryPosition(player.Position), before),
    retry: false,
  });
  return (
    <Modal title={`Player Stats · ${player.Name}`} open onCancel={onClose} footer={null} width={1000}>
      <div className="ss-muted" style={{ marginBottom: 8 }}>{player.Position} · {player.TeamAbbrev}{player.Opp ? ` vs ${player.Opp}` : ''}</div>
      <Table<GameLogRow>
        size="small"
        rowKey={(r) => `${r.Week}-${r.Opponent}`}
        loading={stats.isLoading}
        dataSource={stats.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 400 }}
        locale={{ emptyText: <Empty description="No game log for this player yet" /> }}
        columns={(sport === 'nba' ? NBA_COLUMNS : COLUMNS).map((c) => ({ title: c.title, dataIndex: c.key, key: c.key }))}
      />
    </Modal>
  );
}
