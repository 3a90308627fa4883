// The Player Groups tab: create, edit, remove one, remove
// all. Every change updates the list at once and then saves the whole list (extrasStore).
import { useState } from 'react';
import { Button, Empty, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { groupExportRows, groupsCsv, type PlayerGroup } from '@stacksmith/domain';
import { useBuilder } from '../builderStore';
import { usePlayers } from '../slateData';
import { downloadText } from '../../download';
import { useGroups } from '../extrasData';
import { GroupEditor, groupPlayerIds } from './GroupEditor';

export function PlayerGroupsTab() {
  const ref = useBuilder((s) => s.ref);
  const players = usePlayers();
  const { groups: list, loading, updateGroup, removeGroup, removeAllGroups } = useGroups();
  const groups = { data: list, loading };
  const [editing, setEditing] = useState<PlayerGroup | null | 'new'>(null);
  const names = new Map(players.map((p) => [String(p.Id), p]));
  const activeCount = groups.data.filter((g) => g.active === true).length;

  const exportCsv = () => {
    const rows = groupExportRows(groups.data, players);
    downloadText(`${ref ? `${ref.sport}-${ref.site}-${ref.slate}-${ref.season}-${ref.counter}-` : ''}groups.csv`, groupsCsv(rows));
  };

  return (
    <div className="ss-player-groups" data-testid="player-groups-tab">
      <div className="ss-tab-toolbar">
        <div>
          <div className="ss-tab-heading">Player groups</div>
          <div className="ss-muted">Each active group puts between its min and max players in the share of lineups you choose.</div>
        </div>
        <Space>
          <Button icon={<DownloadOutlined />} disabled={activeCount === 0} onClick={exportCsv} data-testid="export-groups">Export</Button>
          <Popconfirm title="Remove every group?" okText="Remove all" okButtonProps={{ danger: true }} onConfirm={() => removeAllGroups()} disabled={groups.data.length === 0}>
            <Button danger disabled={groups.data.length === 0}>Remove all</Button>
          </Popconfirm>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>New group</Button>
        </Space>
      </div>
      <Table
        size="small"
        rowKey={(g) => String(g.ID ?? g.name)}
        loading={groups.loading}
        dataSource={groups.data}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No groups yet. Create one to force players together." /> }}
        columns={[
          { title: 'Group', key: 'name', width: 180, render: (_: unknown, g: PlayerGroup) => <b>{g.name}</b> },
          {
            title: 'Players', key: 'players',
            render: (_: unknown, g: PlayerGroup) => (
              <Space size={[4, 4]} wrap>
                {groupPlayerIds(g).map((id) => {
                  const p = names.get(id);
                  return <Tag key={id}>{p ? `${p.Name} (${p.Position})` : id}</Tag>;
                })}
              </Space>
            ),
          },
          { title: 'Min', dataIndex: 'minGroup', width: 60 },
          { title: 'Max', dataIndex: 'maxGroup', width: 60 },
          { title: 'Of lineups', key: 'pct', width: 100, render: (_: unknown, g: PlayerGroup) => `${Math.round(Number(g.pctGroup ?? 1) * 1000) / 10} %` },
          {
            title: 'Active', key: 'active', width: 80,
            render: (_: unknown, g: PlayerGroup) => (
              <Switch size="small" aria-label={`${g.name} active`} checked={g.active === true} onChange={(on) => updateGroup({ ...g, active: on })} />
            ),
          },
          {
            key: 'actions', width: 90,
            render: (_: unknown, g: PlayerGroup) => (
              <Space size={0}>
                <Button type="text" size="small" aria-label={`Edit ${g.name}`} icon={<EditOutlined />} onClick={() => setEditing(g)} />
                <Popconfirm title="Remove this group?" okText="Remove" onConfirm={() => removeGroup(g.ID)}>
                  <Button type="text" size="small" aria-label={`Remove ${g.name}`} icon={<DeleteOutlined />} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GroupEditor
        open={editing !== null}
        title={editing === 'new' ? 'New group' : 'Edit group'}
        group={editing === 'new' ? null : editing}
        players={players}
        withAnchors
        onCancel={() => setEditing(null)}
        onSave={(g) => { void updateGroup(g); setEditing(null); }}
      />
    </div>
  );
}
