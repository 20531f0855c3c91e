import { Select } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import type { Runtime, EngineFlagList } from '@mako/contract';
import { Grid, Legend, Section, Wide } from './create-tuning-session-dialog.styles';
import type { FieldsetProps } from './fieldset-props';
import { flagListFor, withRuntime } from './session-form';

/** The model, the GPUs and the serving engine with its version, and the optional name. */
export function ModelHardwareFieldset({ form, runtimes }: FieldsetProps & { runtimes: readonly EngineFlagList[] }) {
  const { values, setValues, set, text, shown } = form;
  const flagList = flagListFor(runtimes, values.runtime);
  const versionOptions = (flagList?.versions ?? []).map((version) => ({ value: version, label: version }));

  return (
    <Section>
      <Legend>Model and hardware</Legend>
      <Grid $min={150}>
        <Wide>
          <TextField
            label="Model"
            placeholder="meta-llama/Llama-3.1-8B-Instruct"
            mono
            autoComplete="off"
            spellCheck={false}
            {...text('model')}
          />
        </Wide>
        <TextField label="Hardware" placeholder="H100" autoComplete="off" {...text('hardwareName')} />
        <TextField label="GPU count" inputMode="numeric" mono {...text('hardwareCount')} />
        <Select
          label="Runtime"
          options={runtimes.map((runtime) => ({ value: runtime.runtime, label: runtime.display_name }))}
          value={values.runtime}
          onValueChange={(runtime) => setValues((previous) => withRuntime(previous, runtimes, runtime as Runtime))}
          error={shown('runtime')}
        />
        <Select
          label="Version"
          options={versionOptions}
          value={values.version}
          onValueChange={(version) => set('version', version)}
          error={shown('version')}
          mono
        />
        <Wide>
          <TextField
            label="Session name (optional)"
            placeholder="Llama 3.1 8B on H100: max throughput"
            hint="Shown in the list of sessions."
            {...text('name')}
          />
        </Wide>
      </Grid>
    </Section>
  );
}
