import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { expectExportsEachFormat } from '../../../test/story-kit-parts';
import { ExportButtons } from './export-buttons';

const meta = {
  title: 'Primitives/ExportButtons',
  component: ExportButtons,
  args: { onExport: fn() },
} satisfies Meta<typeof ExportButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('each button hands its format to the app, which makes the download', async () => {
      await expectExportsEachFormat(canvas, userEvent, args.onExport);
      await expect(args.onExport).toHaveBeenCalledTimes(2);
    });
  },
};
