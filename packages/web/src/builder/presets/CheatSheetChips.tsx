// 'Expert Targets': one chip per cheat sheet of the slate; a chip filters the Players tab to
// its picks. Hidden while loading and when the slate has none.
import { siteId } from '@stacksmith/domain';
import { Tag } from 'antd';
import { useCheatSheets, useContent } from './contentStore';

export function CheatSheetChips() {
  const cheatSheets = useCheatSheets();
  const { cheatSheetFilter, setCheatSheetFilter } = useContent();
  if (cheatSheets.length === 0) return null;
  return (
    <span className="ss-cheat-chips" data-testid="expert-targets">
      <span className="ss-muted">Expert Targets</span>
      {cheatSheets.map((c) => {
        const id = String(c.id);
        return (
          <Tag.CheckableTag key={id} checked={cheatSheetFilter === id} onChange={(on) => setCheatSheetFilter(on ? id : null)}>
            {c.name}
          </Tag.CheckableTag>
        );
      })}
    </span>
  );
}

/** Whether a row passes the cheat sheet filter (showdown Ids carry '|RosterPosition'). */
export function passesCheatSheet(picks: Set<string> | null, id: string): boolean {
  return picks === null || picks.has(id) || picks.has(siteId(id));
}
