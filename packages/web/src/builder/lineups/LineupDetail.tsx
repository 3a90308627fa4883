// One lineup in full, opened from the lineup table: every slot with team, salary, points and
// ownership, the totals and stack, and the same re-build / lock / remove actions as the row.
import { Button, Descriptions, Drawer, Space, Table } from 'antd';
import { DeleteOutlined, LockFilled, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import type { LineupRow } from '@stacksmith/domain';
import { formatNumber } from '../players/EditCells';
import { GatedValue } from '../../permissions/Gated';
import { lacksOwnership, lacksPoints, ownershipText, pointsText, type LineupActions, type LineupTableRow } from './LineupsTable';

export function LineupDetail({ row, actions, onClose }: { row: LineupTableRow | null; actions: LineupActions; onClose: () => void }) {
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? `Lineup ${row.run}` : ''}
      width="min(560px, 100vw)"
      destroyOnClose
      data-testid="lineup-detail"
      extra={row ? (
        <Space>
          <Button icon={<ReloadOutlined spin={actions.rebuilding === row.run} />} disabled={!actions.canRebuild || row.locked}
            onClick={() => actions.onRebuild(row.run)}>Re-build</Button>
          <Button icon={row.locked ? <LockFilled /> : <UnlockOutlined />} disabled={!actions.canEdit}
            onClick={() => actions.onToggleLock(row.lineup)}>{row.locked ? 'Unlock' : 'Lock'}</Button>
          <Button danger icon={<DeleteOutlined />} disabled={!actions.canEdit || row.locked}
            onClick={() => { actions.onRemove(row.lineup); onClose(); }}>Remove</Button>
        </Space>
      ) : null}
    >
      {row ? (
        <>
          <Table<LineupRow>
            size="small"
            rowKey={(r) => `${r.Slot}-${r.Id}`}
            dataSource={row.lineup.rawTable}
            pagination={false}
            columns={[
              { title: 'Slot', dataIndex: 'Slot', width: 60 },
              { title: 'Player', dataIndex: 'Name', render: (v: string, r) => <>{v}{r.Locked ? <LockFilled className="ss-lineup-locked" aria-label="Started: kept by late swap" /> : null}</> },
              { title: 'Team', dataIndex: 'TeamAbbrev', width: 64 },
              { title: 'Salary', dataIndex: 'Salary', width: 80, align: 'right', render: (v: number) => `$${Number(v).toLocaleString()}` },
              { title: 'Pts', dataIndex: 'ProjPts', width: 64, align: 'right', render: (v: number, r) => (row.pointsWithheld && lacksPoints(r)
                ? <GatedValue permission="opt.nfl.projections" rowIndex={0} withheld>{null}</GatedValue> : formatNumber(Number(v), 1, true)) },
              { title: 'Own %', dataIndex: 'ProjOwn', width: 70, align: 'right', render: (v: number, r) => (row.ownershipWithheld && lacksOwnership(r)
                ? <GatedValue permission="opt.nfl.ownership" rowIndex={0} withheld>{null}</GatedValue> : formatNumber(Number(v), 1, true)) },
            ]}
          />
          <Descriptions size="small" column={2} style={{ marginTop: 16 }} items={[
            { key: 'points', label: 'Points', children: pointsText(row) },
            { key: 'salary', label: 'Salary', children: `$${row.salary.toLocaleString()}` },
            { key: 'own', label: 'Ownership', children: <>{ownershipText(row)}%</> },
            { key: 'stack', label: 'Stack', children: row.stack.label },
          ]} />
        </>
      ) : null}
    </Drawer>
  );
}
