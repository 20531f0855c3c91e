import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import { expectBusy, expectClicksIgnored } from '../../../test/story-kit-parts';
import { GoogleButton } from './google-button';

const meta = preview.meta({
  title: 'Screens/Home/GoogleButton',
  component: GoogleButton,
  args: { onClick: fn() },
  decorators: [withMaxWidth(360)],
});

export const SignUp = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    const button = canvas.getByRole('button', { name: 'Sign up with Google' });
    await step('the Google "G" is drawn before the words and left out of the name', async () => {
      const glyph = button.querySelector('svg');
      await expect(glyph).toHaveAttribute('aria-hidden', 'true');
      await expect(button.firstElementChild).toBe(glyph);
      await expect(button.querySelector('[data-spinner]')).toBeNull();
      await expect(button).not.toHaveAttribute('aria-busy');
    });
    await step('it fills the width of its slot', async () => {
      await expect(button.getBoundingClientRect().width).toBe(360);
    });
  },
});

/** The interactions, kept out of the screenshot so the focus ring never lands in a baseline. */
export const Click = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign up with Google' });
    await step('clicking reports onClick once', async () => {
      await userEvent.click(button);
      await expect(args.onClick).toHaveBeenCalledTimes(1);
    });
    await step('it works from the keyboard too', async () => {
      await expect(button).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onClick).toHaveBeenCalledTimes(2);
    });
  },
});

export const LogIn = meta.story({
  args: { label: 'Log in with Google' },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log in with Google' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
});

export const Busy = meta.story({
  args: { busy: true },
  play: async ({ canvas, args, step, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign up with Google' });
    await step('while the sign-in runs, it says busy and a second click does nothing', async () => {
      await expectBusy(button, userEvent, args.onClick);
    });
    await step('the spinner stands instead of the "G"', async () => {
      await expect(button.querySelectorAll('svg')).toHaveLength(1);
    });
  },
});

export const Disabled = meta.story({
  args: { disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign up with Google' });
    await expect(button).not.toHaveAttribute('aria-busy');
    await expectClicksIgnored(button, userEvent, args.onClick);
  },
});

const onSubmit = fn();

export const InsideAForm = meta.story({
  render: (args) => (
    <form
      aria-label="Sign up"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <GoogleButton {...args} />
    </form>
  ),
  play: async ({ canvas, args, step, userEvent }) => {
    await step('inside the sign-up form it is a plain button: it never submits the e-mail form', async () => {
      const button = canvas.getByRole('button', { name: 'Sign up with Google' });
      await expect(button).toHaveAttribute('type', 'button');
      await userEvent.click(button);
      await expect(args.onClick).toHaveBeenCalledTimes(1);
      await expect(onSubmit).not.toHaveBeenCalled();
    });
  },
});
