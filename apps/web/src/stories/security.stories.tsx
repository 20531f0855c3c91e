import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { expectPageTitle } from './story-checks.ts';

const meta = { title: 'Web/Pages/Sign-in and security', ...pageStoryMeta('/security') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChangePassword: Story = {
  play: async ({ canvasElement, step, userEvent }) => {
    const canvas = within(canvasElement);
    await step("the title is 'Sign-in and security'", async () => {
      await expectPageTitle(canvasElement, 'Sign-in and security');
    });
    await step('changing the password says what happened to the other sessions and the tokens', async () => {
      const hasPassword = fixtures.user.has_password;
      const card = within(
        await canvas.findByRole('region', { name: hasPassword ? 'Change your password' : 'Set a password' }),
      );
      if (hasPassword) await userEvent.type(card.getByLabelText('Current password'), 'old password 1');
      await userEvent.type(card.getByLabelText('New password'), 'new password 22');
      await userEvent.click(card.getByRole('button', { name: hasPassword ? 'Change password' : 'Set password' }));
      await expect(await card.findByRole('status')).toHaveTextContent(
        'Other browsers are signed out; your API tokens still work.',
      );
    });
  },
};
