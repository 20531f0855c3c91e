import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import { MagicLinkForm } from './magic-link-form';

const meta = {
  title: 'Screens/Home/MagicLinkForm',
  component: MagicLinkForm,
  args: { onMagicLink: fn() },
  decorators: [withMaxWidth(400)],
} satisfies Meta<typeof MagicLinkForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas, args, step, userEvent }) => {
    await step('an empty submit asks for the address and sends nothing', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Email me a login link' }));
      await expect(canvas.getByText('Please enter your email address')).toBeVisible();
      await expect(args.onMagicLink).not.toHaveBeenCalled();
    });
    await step('a valid address is sent, trimmed', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), ' grace@example.com ');
      await userEvent.click(canvas.getByRole('button', { name: 'Email me a login link' }));
      await expect(args.onMagicLink).toHaveBeenCalledWith('grace@example.com');
    });
  },
};

export const Invalid: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail'), 'grace@');
    await userEvent.tab();
    await expect(canvas.getByText('Invalid email address')).toBeVisible();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    await expect(args.onMagicLink).not.toHaveBeenCalled();
  },
};

export const Sending: Story = {
  args: { busy: true, defaultEmail: 'grace@example.com' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Email me a login link' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  tags: ['visual'],
  args: { error: 'Failed to send magic link', defaultEmail: 'grace@example.com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to send magic link');
    await expect(canvas.getByRole('button', { name: 'Email me a login link' })).toBeEnabled();
  },
};

export const Sent: Story = {
  tags: ['visual'],
  args: { successMessage: 'Check your inbox: we sent a login link to grace@example.com.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('we sent a login link to grace@example.com');
    await expect(canvas.queryByLabelText('E-mail')).not.toBeInTheDocument();
    await expect(canvas.getByRole('status').parentElement).toHaveFocus();
  },
};
