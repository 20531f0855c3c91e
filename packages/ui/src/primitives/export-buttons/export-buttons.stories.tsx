import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { expectExportsEachFormat } from '../../../test/story-kit-parts';
import { ExportButtons } from './export-buttons';

const meta = preview.meta({
  title: 'Primitives/ExportButtons',
  component: ExportButtons,
  args: { onExport: fn() },
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('each button hands its format to the app, which makes the download', async () => {
      await expectExportsEachFormat(canvas, userEvent, args.onExport);
      await expect(args.onExport).toHaveBeenCalledTimes(2);
    });
  },
});
