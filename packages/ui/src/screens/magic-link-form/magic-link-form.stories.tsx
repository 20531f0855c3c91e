import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import {
  expectEmptySubmitRefused,
  expectInvalidAddressOnBlur,
  expectSentConfirmation,
  formFailureStory,
  submitBusyStory,
} from '../../../test/story-kit-screens';
import { MagicLinkForm } from './magic-link-form';

const SUBMIT = 'Email me a login link';

const meta = preview.meta({
  title: 'Screens/Home/MagicLinkForm',
  component: MagicLinkForm,
  args: { onMagicLink: fn() },
  decorators: [withMaxWidth(400)],
});

export const Idle = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('an empty submit asks for the address and sends nothing', () =>
      expectEmptySubmitRefused(canvas, userEvent, { submit: SUBMIT, callback: args.onMagicLink }),
    );
    await step('a valid address is sent, trimmed', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), ' grace@example.com ');
      await userEvent.click(canvas.getByRole('button', { name: SUBMIT }));
      await expect(args.onMagicLink).toHaveBeenCalledWith('grace@example.com');
    });
  },
});

export const Invalid = meta.story({
  play: async ({ canvas, args, userEvent }) => {
    await expectInvalidAddressOnBlur(canvas, userEvent, 'grace@');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    await expect(args.onMagicLink).not.toHaveBeenCalled();
  },
});

export const Sending = meta.story(submitBusyStory({ busy: true, defaultEmail: 'grace@example.com' }, SUBMIT));

export const Failed = meta.story({
  tags: ['visual'],
  ...formFailureStory({ error: 'Failed to send magic link', defaultEmail: 'grace@example.com' }, SUBMIT),
});

export const Sent = meta.story({
  tags: ['visual'],
  args: { successMessage: 'Check your inbox: we sent a login link to grace@example.com.' },
  play: async ({ canvas }) => {
    await expectSentConfirmation(canvas, 'we sent a login link to grace@example.com');
  },
});
