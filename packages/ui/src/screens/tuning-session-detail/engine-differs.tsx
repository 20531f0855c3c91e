import type { FlagMismatch } from '@mako/contract';
import { Badge } from '../../primitives/badge';
import { MismatchList } from './tuning-session-detail.styles';

/** Flags named under the badge at most; the rest are counted (a configuration sets a handful). */
const SHOWN = 3;

/**
 * Says, on a trial's row, that its engine did not run with every flag the session asked for, and
 * which: its figures measure what the engine reports, not the configuration listed beside them.
 */
export function EngineDiffers({ mismatches }: { mismatches: readonly FlagMismatch[] }) {
  const hidden = mismatches.length - SHOWN;
  return (
    <>
      <Badge tone="warning">Engine differs</Badge>
      <MismatchList aria-label="Flags the engine reports otherwise">
        {mismatches.slice(0, SHOWN).map((m) => (
          <li key={m.flag}>
            {m.flag}: asked {String(m.asked)}, engine reports {String(m.reported)}
          </li>
        ))}
        {hidden > 0 ? <li>and {hidden} more on the trial&apos;s benchmark</li> : null}
      </MismatchList>
    </>
  );
}
