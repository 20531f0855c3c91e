import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { DARK_THEME, PHONE } from '../../../test/story-kit';
import { Dialog } from './dialog';

const meta = preview.meta({
  title: 'Primitives/Dialog',
  component: Dialog,
  args: {
    title: 'New token',
    description: 'Runners use it to report results. You will see the secret once.',
    onOpenChange: fn(),
    trigger: <Button>New token</Button>,
    children: <TextField label="Token name" placeholder="ci-runner" />,
    footer: <Button>Create token</Button>,
  },
});

export const OpenAndClose = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'New token' });
    await step('the trigger opens a labelled, described modal', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('dialog', { name: 'New token' });
      await expect(dialog).toHaveAccessibleDescription(
        'Runners use it to report results. You will see the secret once.',
      );
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    });
    await step('focus moves to the first field, not the close button', async () => {
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveFocus());
    });
    await step('Escape closes it and focus returns to the trigger', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
      await expect(trigger).toHaveFocus();
    });
    await step('the × button closes it too', async () => {
      await userEvent.click(trigger);
      await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  },
});

function ControlledDialog() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Create tuning session"
      description="Model, hardware and the search space to explore."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button>Create session</Button>
        </>
      }
    >
      <div style={{ display: 'grid', gap: 16 }}>
        <TextField label="Model" defaultValue="meta-llama/Llama-3.1-70B-Instruct" mono />
        <TextField label="Hardware" defaultValue="8x H100" />
      </div>
    </Dialog>
  );
}

export const Open = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  render: () => <ControlledDialog />,
  play: async ({ step, userEvent }) => {
    await step('a controlled dialog renders open with its footer actions', async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Create tuning session' });
      await expect(dialog).toBeVisible();
      await expect(screen.getByRole('button', { name: 'Create session' })).toBeVisible();
    });
    await step('Cancel in the footer closes it through onOpenChange', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  },
});

export const OpenDark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  parameters: { visual: { fullPage: true } },
  render: () => <ControlledDialog />,
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Create tuning session' })).toBeVisible();
  },
});

export const Mobile = meta.story({
  globals: PHONE,
  render: () => <ControlledDialog />,
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(375);
  },
});
