import { Callout } from '../../primitives/callout';
import type { TuningSession } from '@mako/contract';
import { changeWords, engineName } from './first-trial';
import type { FirstTrialChange } from './first-trial';

/**
 * Says what trial 1 measured when it is not the engine defaults, and why; the rows compare every
 * trial with the engine's own defaults, so trial 1 reads as changed.
 */
export function FirstTrialNote({ session, changes }: { session: TuningSession; changes: readonly FirstTrialChange[] }) {
  const engine = engineName(session);
  // Every change has a reason only when the search range alone kept trial 1 from the defaults.
  const moved = changes.every((change) => change.reason !== null);
  const what = changes.map(changeWords).join('; ');
  const measured =
    session.default_objective_value === null
      ? `No trial measured ${engine}'s defaults, so no gain over them is shown.`
      : `A later trial measured ${engine}'s defaults; gains are against that measurement.`;
  return (
    <Callout
      tone="info"
      role="none"
      title={moved ? 'First trial: the defaults moved into the search range' : 'First trial: not the engine defaults'}
    >
      {moved
        ? `The search range leaves out ${engine}'s ${changes.length === 1 ? 'default' : 'defaults'} here, so trial 1 measured the closest ${changes.length === 1 ? 'value' : 'values'} the search allows: ${what}.`
        : `Trial 1 set ${what}.`}{' '}
      {`"Changes from default" compares every trial with ${engine}'s own defaults. ${measured}`}
    </Callout>
  );
}
