import preview from '../../../../../.storybook/preview';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../button';
import { DARK_THEME } from '../../../test/story-kit';
import { ConfirmDialog } from './confirm-dialog';

const meta = preview.meta({
  title: 'Primitives/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Revoke token ci-runner?',
    description: 'Runners using it stop working at once. This cannot be undone.',
    confirmLabel: 'Revoke token',
    onConfirm: fn(),
    onOpenChange: fn(),
    trigger: <Button variant="danger">Revoke</Button>,
  },
});

export const ConfirmFlow = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('opening asks first and focuses Cancel, not the destructive action', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Revoke token ci-runner?' });
      await expect(dialog).toHaveAccessibleDescription('Runners using it stop working at once. This cannot be undone.');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    });
    await step('Cancel closes without confirming', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await expect(args.onConfirm).not.toHaveBeenCalled();
    });
    await step('the action button confirms', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
      await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    });
  },
});

export const Busy = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { open: true, busy: true, trigger: undefined },
  play: async ({ args, step, userEvent }) => {
    const confirm = await screen.findByRole('button', { name: 'Revoke token' });
    await step('while busy the action spins and nothing can be pressed twice', async () => {
      await expect(confirm).toHaveAttribute('aria-busy', 'true');
      await expect(confirm).toBeDisabled();
      await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    });
    await step('Escape does not close a running action', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
    });
  },
});

export const Failed = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { open: true, error: 'Something went wrong: Service Unavailable', trigger: undefined },
  play: async ({ args, userEvent }) => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong: Service Unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
});

export const PrimaryTone = meta.story({
  globals: DARK_THEME,
  args: {
    open: true,
    trigger: undefined,
    tone: 'primary',
    title: 'Publish this benchmark?',
    description: 'Everyone can find it in benchmark search.',
    confirmLabel: 'Publish',
  },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Publish' })).toBeEnabled();
  },
});
