import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { TOOLTIP_HOVER_DELAY_SECONDS } from '@stacksmith/domain';

/** A tooltip with the spec's 0.7 s hover delay. */
export function Tip({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Tooltip title={title} mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
      {children}
    </Tooltip>
  );
}

/** A small question mark with one line of help. */
export function HelpTip({ text }: { text: string }) {
  return (
    <Tip title={text}>
      <QuestionCircleOutlined className="ss-help" aria-label={text} />
    </Tip>
  );
}
