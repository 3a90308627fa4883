import { useState } from 'react';
import { Checkbox, InputNumber, Modal, Table } from 'antd';
import {
  applyBaseExposures, defaultBaseExposureSettings, normalizeBaseMaxExp, normalizePointThreshold,
  type BaseExposureSettings, type PlayerRow,
} from '@stacksmith/domain';

export function BaseExposureModal({ open, positions, onClose, onApply }: {
  open: boolean;
  positions: readonly string[];
  onClose: () => void;
  onApply: (edit: (rows: PlayerRow[]) => PlayerRow[]) => void;
}) {
  const [values, setValues] = useState<BaseExposureSettings>(() => defaultBaseExposureSettings(positions));
  const [overrideAll, setOverrideAll] = useState(false);
  const set = (position: string, key: 'maxExp' | 'projPtsMin', value: number | null) =>
    setValues((v) => ({
      ...v,
      [position]: {
        ...v[position]!,
        [key]: key === 'maxExp' ? normalizeBaseMaxExp(value ?? 0) : normalizePointThreshold(value ?? 0),
      },
    }));
  return (
    <Modal
      title="Set Base Exposures"
      open={open}
      onCancel={onClose}
      okText="Apply"
      onOk={() => {
        onApply((rows) => applyBaseExposures(rows, values, { overrideAll }));
        onClose();
      }}
    >
      <p className="ss-muted">
        Players projected below a position's points threshold are removed (Min and Max Exp 0); the rest get the position's Max Exp.
      </p>
      <Table
        size="small"
        pagination={false}
        rowKey="position"
        dataSource={positions.map((position) => ({ position, ...values[position]! }))}
        columns={[
          { title: 'Position', dataIndex: 'position' },
          {
            title: 'Max Exp %',
            dataIndex: 'maxExp',
            render: (v: number, r) => <InputNumber aria-label={`Base Max Exp ${r.position}`} size="small" min={0} value={v} onChange={(n) => set(r.position, 'maxExp', n)} />,
          },
          {
            title: 'Min Proj Pts',
            dataIndex: 'projPtsMin',
            render: (v: number, r) => <InputNumber aria-label={`Min Proj Pts ${r.position}`} size="small" min={0} value={v} onChange={(n) => set(r.position, 'projPtsMin', n)} />,
          },
        ]}
      />
      <Checkbox style={{ marginTop: 12 }} checked={overrideAll} onChange={(e) => setOverrideAll(e.target.checked)}>
        Override All Existing Exposures
      </Checkbox>
    </Modal>
  );
}
