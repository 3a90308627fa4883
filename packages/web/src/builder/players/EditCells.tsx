// Inline edits of the player table. The cell keeps the text as typed while it has
// focus and hands it to the domain's rules when the user leaves the cell or presses Enter (a
// per-keystroke edit would re-sort the table under the user's cursor); an edit the rules ignore
// leaves the table as it was, and the cell shows the table's value again. The cells are plain
// inputs styled like antd's small Input (styles.css): a page of rows holds about a hundred, and
// antd's Input component, with its style hooks, was a large share of the rows' main-thread work.
import { useState } from 'react';
import {
  exposureInputText, normalizeNumericInput,
  type ExposureEdit, type ProjectionEdit,
} from '@stacksmith/domain';

interface TextCellProps {
  /** The value shown when the cell is not being edited. */
  display: string;
  placeholder?: string;
  ariaLabel: string;
  onText: (text: string) => void;
}

function TextCell({ display, placeholder, ariaLabel, onText }: TextCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      className="ss-edit-input"
      inputMode="decimal"
      aria-label={ariaLabel}
      value={draft ?? display}
      placeholder={placeholder}
      onFocus={() => setDraft(display)}
      onChange={(e) => {
        // A lone dot becomes "0." so a decimal can be typed from the start.
        setDraft(normalizeNumericInput(e.target.value));
      }}
      onBlur={() => {
        if (draft !== null && draft !== display) onText(draft);
        setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

export function ExposureCell({ value, field, name, onEdit }: {
  value: number;
  field: 'MinExp' | 'MaxExp';
  name: string;
  onEdit: (edit: ExposureEdit) => void;
}) {
  return (
    <TextCell
      display={exposureInputText(value)}
      placeholder="0"
      ariaLabel={`${field === 'MinExp' ? 'Min Exp' : 'Max Exp'} ${name}`}
      onText={(text) => onEdit({ [field]: text })}
    />
  );
}

const PROJECTION_CELL_LABELS = { UserProj: 'User Proj', UserOwn: 'User Own', UserMins: 'Minutes' } as const;

export function ProjectionCell({ value, house, field, name, onEdit }: {
  value: number | null | undefined;
  house: number | null | undefined;
  field: 'UserProj' | 'UserOwn' | 'UserMins';
  name: string;
  onEdit: (edit: ProjectionEdit) => void;
}) {
  const display = value === null || value === undefined ? '' : String(value);
  return (
    <TextCell
      display={display}
      placeholder={typeof house === 'number' ? formatNumber(house) : ''}
      ariaLabel={`${PROJECTION_CELL_LABELS[field]} ${name}`}
      onText={(text) => onEdit({ [field]: text })}
    />
  );
}

/** A number for a table cell: `digits` decimals, trailing ".0" dropped unless `fixed`. */
export function formatNumber(value: number | null | undefined, digits = 1, fixed = false): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const text = value.toFixed(digits);
  return fixed ? text : text.replace(/\.0+$/, '');
}
