import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect, fn } from 'storybook/test';
import { Button } from '../button';
import { expectToneWithIcon } from '../../../test/story-kit-parts';
import { Gallery, galleryColumn } from '../../../test/story-kit-gallery';
import { Callout } from './callout';
import type { CalloutProps } from './callout';

const meta = preview.meta({
  title: 'Primitives/Callout',
  component: Callout,
  args: { children: 'Verification link sent successfully! Please check your email.', tone: 'success' },
});

export const Success = meta.story({
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Verification link sent successfully!');
    await expectToneWithIcon(status, 'success');
  },
});

const onRetry = fn();

export const DangerWithRetry = meta.story({
  args: {
    tone: 'danger',
    title: 'Something went wrong: Service Unavailable',
    children: 'The benchmark database did not answer.',
    actions: (
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    ),
  },
  play: async ({ canvas, step, userEvent }) => {
    await step('errors interrupt (role alert) and offer a retry', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong: Service Unavailable');
      await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
      await expect(onRetry).toHaveBeenCalledTimes(1);
    });
  },
});

const TONES: CalloutProps[] = [
  {
    tone: 'info',
    title: 'Search complete',
    children: 'Tuning search is complete. The best configuration is final.',
  },
  { tone: 'success', children: 'Verification link sent successfully! Please check your email.' },
  {
    tone: 'warning',
    title: 'Need to wait for pending evaluations',
    children: 'Two configurations are still running. New proposals come when they report back.',
  },
  {
    tone: 'danger',
    title: 'User is not allowed to create new tuning session',
    children: 'Your plan allows one running session. Finish or cancel it, or upgrade.',
  },
];

export const AllTones = meta.story({
  tags: ['visual'],
  render: () => <Gallery of={Callout} states={TONES} style={galleryColumn(12, 560)} />,
  play: async ({ canvas }) => {
    // success and info are announced politely; warning and danger interrupt.
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
  },
});

export const AllTonesDark = AllTones.extend({ globals: DARK_THEME });
