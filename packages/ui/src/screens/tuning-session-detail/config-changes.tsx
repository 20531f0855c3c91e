import { runtimeOptionsDiff } from '../benchmark-common/benchmark-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import type { RuntimeConfig } from '../benchmark-common/tuning-types';
import { ChipsCell } from './tuning-session-detail.styles';

/** A configuration as the options that differ from the engine defaults. */
export function ConfigChanges({ config, defaults }: { config: RuntimeConfig; defaults: RuntimeConfig }) {
  return (
    <ChipsCell>
      <RuntimeOptionChips options={runtimeOptionsDiff(config, [], defaults)} emptyLabel="Engine defaults" />
    </ChipsCell>
  );
}
