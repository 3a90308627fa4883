import { BOOST_MAX, BOOST_MIN } from '@stacksmith/domain';
import { RowButton } from './RowButton';

/** Boost −5..5: each click is one step of 5 % of the projected points. */
export function BoostControl({ boost, name, onStep }: { boost: number; name: string; onStep: (step: 1 | -1) => void }) {
  return (
    <span className="ss-boost">
      <RowButton icon="minus" label={`Lower boost ${name}`} disabled={boost <= BOOST_MIN} onClick={() => onStep(-1)} />
      <span className={`ss-boost-value ${boost > 0 ? 'ss-boost-up' : boost < 0 ? 'ss-boost-down' : ''}`} data-testid="boost-value">{boost}</span>
      <RowButton icon="plus" label={`Raise boost ${name}`} disabled={boost >= BOOST_MAX} onClick={() => onStep(1)} />
    </span>
  );
}
