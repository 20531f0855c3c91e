import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect } from 'storybook/test';
import styled from 'styled-components';
import { withMaxWidth } from '../../../test/story-kit';
import { expectInvalid, expectNoRoomOnScreen } from '../../../test/story-kit-parts';
import { Field } from './field';
import type { FieldRenderProps } from './field';
import { controlStyles } from './field.styles';
import type { ControlStyleProps } from './field.styles';

/** A custom control the way a screen builds one: the shared control look, wired through Field. */
const NumberInput = styled.input<ControlStyleProps>`
  ${controlStyles}
`;

const HINT = 'How many configurations runners may evaluate at once.';
const RANGE_ERROR = 'Enter a whole number from 1 to 16';

const numberControl = (control: FieldRenderProps) => (
  <NumberInput type="number" min={1} max={16} defaultValue={2} $mono $invalid={control['aria-invalid']} {...control} />
);

const meta = preview.meta({
  title: 'Primitives/Field',
  component: Field,
  args: { label: 'Parallel trials', hint: HINT, children: numberControl },
  decorators: [withMaxWidth(320)],
});

export const WithHint = meta.story({
  play: async ({ canvas, step }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Parallel trials' });
    await step('the visible label names the control', async () => {
      await expect(canvas.getByText('Parallel trials')).toBeVisible();
      await expect(canvas.getByText('Parallel trials').tagName).toBe('LABEL');
    });
    await step('the hint describes it; nothing marks it invalid', async () => {
      await expect(input).toHaveAccessibleDescription(HINT);
      await expect(input).not.toHaveAttribute('aria-invalid');
    });
  },
});

export const WithError = meta.story({
  args: { error: RANGE_ERROR },
  play: async ({ canvas, step }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Parallel trials' });
    await step('the error is shown under the control', async () => {
      await expect(canvas.getByText(RANGE_ERROR)).toBeVisible();
    });
    await step('the control is invalid and described by the error first, then the hint', async () => {
      await expectInvalid(input, `${RANGE_ERROR} ${HINT}`);
      const [errorId] = (input.getAttribute('aria-describedby') ?? '').split(' ');
      await expect(document.getElementById(errorId ?? '')).toHaveTextContent(RANGE_ERROR);
    });
    await step('the error carries an icon, so it is not told apart by colour alone', async () => {
      const icon = canvas.getByText(RANGE_ERROR).parentElement?.querySelector('svg');
      await expect(icon).toBeTruthy();
      await expect(icon).toHaveAttribute('aria-hidden', 'true');
    });
  },
});

export const WithoutHint = meta.story({
  args: { hint: undefined },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Parallel trials' });
    await expect(input).not.toHaveAttribute('aria-describedby');
    await expect(input).not.toHaveAccessibleDescription();
  },
});

export const HiddenLabel = meta.story({
  args: { hideLabel: true, label: 'Trials per runner', hint: undefined },
  play: async ({ canvas, step }) => {
    await step('the control keeps its name for assistive technology', async () => {
      await expect(canvas.getByRole('spinbutton', { name: 'Trials per runner' })).toBeInTheDocument();
    });
    await step('the label is not seen', async () => {
      await expectNoRoomOnScreen(canvas.getByText('Trials per runner'));
    });
  },
});

export const CallerChosenId = meta.story({
  args: { id: 'max-parallel', error: RANGE_ERROR },
  play: async ({ canvas, step }) => {
    await step('the control takes the given id; the label and error ids follow it', async () => {
      const input = canvas.getByRole('spinbutton', { name: 'Parallel trials' });
      await expect(input).toHaveAttribute('id', 'max-parallel');
      await expect(canvas.getByText('Parallel trials')).toHaveAttribute('for', 'max-parallel');
      await expect(input).toHaveAttribute('aria-describedby', 'max-parallel-error max-parallel-hint');
    });
  },
});

/** A screen's own validation: the error appears on blur and leaves as soon as the value is fixed. */
function ValidatedParallelTrials() {
  const [value, setValue] = useState('2');
  const [touched, setTouched] = useState(false);
  const number = Number(value);
  const valid = Number.isInteger(number) && number >= 1 && number <= 16;
  return (
    <Field label="Parallel trials" hint={HINT} error={touched && !valid ? RANGE_ERROR : undefined}>
      {(control) => (
        <NumberInput
          type="number"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setTouched(true)}
          $mono
          $invalid={control['aria-invalid']}
          {...control}
        />
      )}
    </Field>
  );
}

export const ErrorComesAndGoes = meta.story({
  render: () => <ValidatedParallelTrials />,
  play: async ({ canvas, step, userEvent }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Parallel trials' });
    await step('an out-of-range value is flagged when the user leaves the field', async () => {
      await userEvent.clear(input);
      await userEvent.type(input, '32');
      await userEvent.tab();
      await expect(canvas.getByText(RANGE_ERROR)).toBeVisible();
      await expectInvalid(input, `${RANGE_ERROR} ${HINT}`);
    });
    await step('fixing it removes the error and its link from the control', async () => {
      await userEvent.clear(input);
      await userEvent.type(input, '8');
      await expect(canvas.queryByText(RANGE_ERROR)).not.toBeInTheDocument();
      await expect(input).not.toHaveAttribute('aria-invalid');
      await expect(input).toHaveAccessibleDescription(HINT);
    });
  },
});
