// Excluded players (Max Exp 0) made plain: Unlock (spec: Min and Max to 0) and Remove exclude a
// player with one click, so each exclusion offers a one-click Undo, and a bar above the table
// lists who is excluded with a Restore per player and for all.
import { useCallback } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { editExposure, type PlayerRow } from '@stacksmith/domain';

/** How many excluded names the bar lists before "and N more". */
const LISTED = 12;
const UNDO_SECONDS = 8;

type EditPlayers = (edit: (rows: PlayerRow[]) => PlayerRow[]) => void;

export const isExcluded = (p: Pick<PlayerRow, 'MaxExp'>) => Number(p.MaxExp) <= 0;

/** Restores players to the default band (Min 0, Max 100). */
export function restorePlayers(rows: PlayerRow[], ids: ReadonlySet<string>): PlayerRow[] {
  return rows.map((r) => (ids.has(r.Id) && isExcluded(r) ? { ...r, MinExp: 0, MaxExp: 100 } : r));
}

/**
 * Applies an edit of one player and, when it excludes him, offers Undo (his Min and Max Exp
 * as they were) in a message.
 */
export function useExcludeWithUndo(editPlayers: EditPlayers) {
  const { message } = App.useApp();
  return useCallback((player: PlayerRow, edit: (rows: PlayerRow[]) => PlayerRow[]) => {
    const before = { MinExp: player.MinExp, MaxExp: player.MaxExp };
    editPlayers(edit);
    if (isExcluded(player)) return;
    const key = `excluded-${player.Id}`;
    void message.open({
      key,
      type: 'warning',
      duration: UNDO_SECONDS,
      content: (
        <span data-testid="exclude-undo">
          {player.Name} is excluded from every lineup (Min and Max Exp 0).{' '}
          <Button size="small" type="link" onClick={() => {
            editPlayers((rows) => editExposure(rows, player.Id, before));
            message.destroy(key);
          }}>Undo</Button>
        </span>
      ),
    });
  }, [editPlayers, message]);
}

export function ExcludedBar({ players, editPlayers }: { players: readonly PlayerRow[]; editPlayers: EditPlayers }) {
  const excluded = players.filter(isExcluded);
  if (excluded.length === 0) return null;
  const restore = (ids: string[]) => editPlayers((rows) => restorePlayers(rows, new Set(ids)));
  return (
    <div className="ss-excluded-bar" data-testid="excluded-bar" role="status">
      <StopOutlined className="ss-excluded-icon" />
      <strong>{excluded.length === 1 ? '1 player excluded' : `${excluded.length} players excluded`}</strong>
      <span className="ss-muted">(Max Exp 0: in no lineup)</span>
      <Space size={[4, 4]} wrap>
        {excluded.slice(0, LISTED).map((p) => (
          <Tag key={p.Id} closable onClose={(e) => { e.preventDefault(); restore([p.Id]); }}
            closeIcon={<span aria-label={`Restore ${p.Name}`}>×</span>}>
            <span>{p.Name}{p.RosterPosition && p.RosterPosition !== 'FLEX' ? ` (${p.RosterPosition})` : ''}</span>
          </Tag>
        ))}
        {excluded.length > LISTED ? <span className="ss-muted">and {excluded.length - LISTED} more</span> : null}
      </Space>
      <span className="ss-toolbar-spacer" />
      <Button size="small" onClick={() => restore(excluded.map((p) => p.Id))}>Restore all</Button>
    </div>
  );
}
