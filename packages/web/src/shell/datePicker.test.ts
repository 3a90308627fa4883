import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { displayDate } from '@stacksmith/domain';
import { DATE_PICKER_FORMAT } from './datePicker';

describe('DATE_PICKER_FORMAT', () => {
  it('shows a date as displayDate writes it, and reads the ISO form typed', () => {
    for (const day of ['2023-10-24', '2024-01-05', '2026-12-30', '2023-06-22']) {
      expect(dayjs(day).format(DATE_PICKER_FORMAT[0])).toBe(displayDate(day));
    }
    expect(DATE_PICKER_FORMAT).toContain('YYYY-MM-DD');
  });
});
