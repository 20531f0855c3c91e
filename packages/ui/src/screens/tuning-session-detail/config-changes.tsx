import { runtimeOptionsDiff } from '../benchmark-common/benchmark-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import type { RuntimeOptions } from '@mako/contract';
import { ChipsCell } from './tuning-session-detail.styles';

/** A configuration as the options that differ from the engine defaults. */
export function ConfigChanges({ config, defaults }: { config: RuntimeOptions; defaults: RuntimeOptions }) {
  return (
    <ChipsCell>
      <RuntimeOptionChips options={runtimeOptionsDiff(config, [], defaults)} emptyLabel="Engine defaults" />
    </ChipsCell>
  );
}
