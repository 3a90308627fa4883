// Shows the seed of the last build and lets the user fix the seed of the next builds, so a
// build can be reproduced exactly.
import { Button, InputNumber, Space, Tooltip } from 'antd';
import { TOOLTIP_HOVER_DELAY_SECONDS } from '@stacksmith/domain';
import { MAX_SEED, useBuildSeed } from './seed';

export function SeedControl() {
  const fixed = useBuildSeed((s) => s.fixed);
  const last = useBuildSeed((s) => s.last);
  const setFixed = useBuildSeed((s) => s.setFixed);
  return (
    <Space size={6} wrap className="ss-seed" data-testid="seed-control">
      {last !== null ? <span className="ss-muted">Last build's seed <strong data-testid="last-seed">{last}</strong></span> : null}
      <span className="ss-muted">Next builds' seed</span>
      <Tooltip title="The same players, settings and seed give the same lineups. Leave empty for a new seed each build." mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}>
        <InputNumber
          aria-label="Seed for the next builds"
          placeholder="New seed each build"
          min={1}
          max={MAX_SEED}
          precision={0}
          value={fixed}
          onChange={(v) => setFixed(v === null ? null : Number(v))}
          style={{ width: 180 }}
        />
      </Tooltip>
      {last !== null && fixed !== last ? <Button size="small" onClick={() => setFixed(last)}>Reuse this seed</Button> : null}
    </Space>
  );
}
