// The modal that creates or edits a player group or a stack group (at most 2
// anchors). minGroup..maxGroup of the players in
// pctGroup of the lineups; with anchors, only lineups holding an anchor are bound.
import { useEffect, useMemo } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { MAX_ANCHOR_PLAYERS, anchorPlayerIds, type PlayerGroup, type PlayerRow } from '@stacksmith/domain';

interface FormValues {
  name: string;
  players: string[];
  anchorPlayerID: string[];
  minGroup: number;
  maxGroup: number;
  pct: number;
  active: boolean;
}

export const groupPlayerIds = (group: PlayerGroup): string[] =>
  group.players.map((p) => String(typeof p === 'object' && p !== null ? p.Id : p));

export function GroupEditor({ open, title, group, players, withAnchors, onSave, onCancel }: {
  open: boolean;
  title: string;
  group: PlayerGroup | null;
  players: readonly PlayerRow[];
  withAnchors: boolean;
  onSave: (group: PlayerGroup) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const options = useMemo(() => players.map((p) => ({
    value: String(p.Id), label: `${p.Name} · ${p.Position} · ${p.TeamAbbrev}`,
  })), [players]);

  useEffect(() => {
    if (!open) return;
    const pct = Number(group?.pctGroup ?? 1);
    form.setFieldsValue({
      name: group?.name ?? '',
      players: group ? groupPlayerIds(group) : [],
      anchorPlayerID: anchorPlayerIds(group?.anchorPlayerID).map(String),
      minGroup: group?.minGroup ?? 1,
      maxGroup: group?.maxGroup ?? (group ? groupPlayerIds(group).length : 1),
      pct: Math.round((pct > 1 ? pct : pct * 100) * 10) / 10,
      active: group?.active !== false,
    });
  }, [open, group]);

  const submit = async () => {
    let v: Awaited<ReturnType<typeof form.validateFields>>;
    try {
      v = await form.validateFields();
    } catch {
      // The form shows what is wrong beside each field; the modal stays open. (Letting the
      // rejection through made an uncaught error in the page.)
      return;
    }
    onSave({
      ID: group?.ID ?? Date.now(),
      name: v.name.trim(),
      players: v.players,
      minGroup: v.minGroup,
      maxGroup: v.maxGroup,
      pctGroup: v.pct / 100,
      active: v.active,
      anchorPlayerID: withAnchors ? v.anchorPlayerID.slice(0, MAX_ANCHOR_PLAYERS) : [],
    });
  };

  return (
    <Modal open={open} title={title} okText="Save" onOk={submit} onCancel={onCancel} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name the group.' }]}>
          <Input aria-label="Group name" maxLength={60} />
        </Form.Item>
        <Form.Item name="players" label="Players" rules={[{ required: true, type: 'array', min: 1, message: 'Pick at least one player.' }]}>
          <Select aria-label="Group players" mode="multiple" options={options} optionFilterProp="label" placeholder="Search players" />
        </Form.Item>
        {withAnchors ? (
          <Form.Item name="anchorPlayerID" label={`Anchors (at most ${MAX_ANCHOR_PLAYERS})`} extra="The group binds only lineups that hold an anchor.">
            <Select aria-label="Group anchors" mode="multiple" maxCount={MAX_ANCHOR_PLAYERS} options={options} optionFilterProp="label" placeholder="None" />
          </Form.Item>
        ) : null}
        <div className="ss-form-row ss-form-row-3">
          <Form.Item name="minGroup" label="Min players" rules={[{ required: true }]}>
            <InputNumber aria-label="Min players" min={0} max={9} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxGroup" label="Max players" dependencies={['minGroup']} rules={[{ required: true }, ({ getFieldValue }) => ({
            validator: (_r, value) => (Number(value) >= Number(getFieldValue('minGroup')) ? Promise.resolve() : Promise.reject(new Error('Max must be at least min.'))),
          })]}>
            <InputNumber aria-label="Max players" min={0} max={9} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="pct" label="Of lineups" rules={[{ required: true }]}>
            <InputNumber aria-label="Percent of lineups" min={0} max={100} addonAfter="%" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="active" label="Active" valuePropName="checked">
          <Switch aria-label="Group active" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
