// The player table's row buttons (lock, remove, boost steps) as plain buttons with a CSS icon
// (styles.css, the icons' SVGs from antd's own set) and a `data-tip` the table's TipArea shows.
// A page of rows holds about a hundred of them: as antd Buttons, each with its icon component,
// style hooks, wave effect and tooltip, they were a large share of the rows' main-thread work.

export type RowIcon = 'lock' | 'stop' | 'minus' | 'plus';

export function RowButton({ icon, label, tip, on = false, danger = false, pressed, disabled, onClick }: {
  icon: RowIcon;
  label: string;
  tip?: string;
  /** Filled with the primary colour (a locked player's lock). */
  on?: boolean;
  danger?: boolean;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`ss-row-btn ss-icon-${icon}${on ? ' ss-row-btn-on' : ''}${danger ? ' ss-row-btn-danger' : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      data-tip={tip}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
