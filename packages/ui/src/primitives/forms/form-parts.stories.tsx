import { useState } from 'react';
import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { withMaxWidth } from '../../../test/story-kit';
import { expectToneWithIcon } from '../../../test/story-kit-parts';
import { FormConfirmation, FormStack } from './form-parts';

const MESSAGE = 'Verification link sent successfully! Please check your email.';

/** A form that gives way to its confirmation once sent, as the sign-up and magic-link forms do. */
function SendOnce() {
  const [sent, setSent] = useState(false);
  if (sent) return <FormConfirmation message={MESSAGE} />;
  return (
    <FormStack
      aria-label="Send a link"
      onSubmit={(event) => {
        event.preventDefault();
        setSent(true);
      }}
    >
      <TextField label="E-mail" type="email" name="email" />
      <Button type="submit" fullWidth>
        Send
      </Button>
    </FormStack>
  );
}

const meta = preview.meta({
  title: 'Primitives/Form parts',
  component: SendOnce,
  decorators: [withMaxWidth(360)],
});

export const Stack = meta.story({
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Send a link' });
    const field = canvas.getByLabelText('E-mail');
    const button = canvas.getByRole('button', { name: 'Send' });
    await expect(getComputedStyle(form).flexDirection).toBe('column');
    await expect(getComputedStyle(form).rowGap).toBe('16px');
    // Fields above the button, one under the other.
    await expect(field.getBoundingClientRect().bottom).toBeLessThanOrEqual(button.getBoundingClientRect().top);
  },
});

export const ConfirmationReplacesTheForm = meta.story({
  play: async ({ canvas, step, userEvent }) => {
    await step('sending replaces the form with the confirmation', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'ada@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
      await expect(canvas.queryByRole('form', { name: 'Send a link' })).not.toBeInTheDocument();
      await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGE);
    });
    await step('focus moves to the confirmation, so it is announced and keyboard users keep their place', async () => {
      const status = canvas.getByRole('status');
      await expect(status.parentElement).toHaveFocus();
      await expectToneWithIcon(status, 'success');
    });
  },
});
