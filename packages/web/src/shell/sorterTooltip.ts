import type { TableProps } from 'antd';
import { TOOLTIP_HOVER_DELAY_SECONDS } from '@stacksmith/domain';

/** Ant Design's table sorter hint ('Click to sort ascending') waits the spec's 0.7 s like every tooltip. */
export const SORTER_TOOLTIP: TableProps['showSorterTooltip'] = { mouseEnterDelay: TOOLTIP_HOVER_DELAY_SECONDS };
