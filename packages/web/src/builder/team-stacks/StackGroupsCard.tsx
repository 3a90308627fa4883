// Stack groups of the Team Stacks tab (group ID, active, players, anchorPlayerID with at most
// 2 kept, minGroup, maxGroup, pctGroup).
import { useState } from 'react';
import { Button, Card, Empty, List, Popconfirm, Space, Switch, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { anchorPlayerIds, type PlayerGroup } from '@stacksmith/domain';
import { usePlayers } from '../slateData';
import { useTeamStacks } from '../extrasData';
import { GroupEditor, groupPlayerIds } from '../player-groups/GroupEditor';

export function StackGroupsCard() {
  const players = usePlayers();
  const { stackGroups, setStackGroup, removeStackGroup } = useTeamStacks();
  const [editing, setEditing] = useState<PlayerGroup | null | 'new'>(null);
  const names = new Map(players.map((p) => [String(p.Id), p.Name]));
  return (
    <Card size="small" className="ss-stack-card ss-stack-groups" title="Stack groups" extra={
      <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>New stack group</Button>
    }>
      {stackGroups.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stack groups yet" /> : (
        <List
          size="small"
          dataSource={stackGroups}
          renderItem={(g) => (
            <List.Item actions={[
              <Switch key="on" size="small" aria-label={`${g.name} active`} checked={g.active !== false} onChange={(on) => setStackGroup({ ...g, active: on })} />,
              <Button key="edit" size="small" type="text" aria-label={`Edit ${g.name}`} icon={<EditOutlined />} onClick={() => setEditing(g)} />,
              <Popconfirm key="rm" title="Remove this stack group?" onConfirm={() => removeStackGroup(g.ID)}>
                <Button size="small" type="text" aria-label={`Remove ${g.name}`} icon={<DeleteOutlined />} />
              </Popconfirm>,
            ]}>
              <List.Item.Meta
                title={<Space>{g.name}<Tag color="blue">{g.minGroup}–{g.maxGroup} in {Math.round(Number(g.pctGroup ?? 1) * 100)} %</Tag></Space>}
                description={<>
                  {groupPlayerIds(g).map((id) => names.get(id) ?? id).join(', ')}
                  {anchorPlayerIds(g.anchorPlayerID).length > 0 ? <div>Anchors: {anchorPlayerIds(g.anchorPlayerID).map((id) => names.get(String(id)) ?? id).join(', ')}</div> : null}
                </>}
              />
            </List.Item>
          )}
        />
      )}
      <GroupEditor
        open={editing !== null}
        title={editing === 'new' ? 'New stack group' : 'Edit stack group'}
        group={editing === 'new' ? null : editing}
        players={players}
        withAnchors
        onCancel={() => setEditing(null)}
        onSave={(g) => { setStackGroup(g); setEditing(null); }}
      />
    </Card>
  );
}
