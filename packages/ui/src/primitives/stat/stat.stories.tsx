import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect } from 'storybook/test';
import { formatMs, formatChangeVsDefaults, formatTokensPerSecond, formatUsd } from '../../foundations/format';
import { BEST_THROUGHPUT_STAT } from '../../../test/story-kit-parts';
import { galleryRow, galleryStory } from '../../../test/story-kit-gallery';
import { Stat } from './stat';
import type { StatProps } from './stat';

const meta = preview.meta({
  title: 'Primitives/Stat',
  component: Stat,
  args: {
    label: 'Output throughput',
    value: formatTokensPerSecond(14930.4, { unit: false }),
    unit: 'tok/s',
    delta: formatChangeVsDefaults(0.38, 'maximize'),
    trend: 'better' as const,
  },
});

export const Default = meta.story({
  play: async ({ canvas, step }) => {
    await step('label and value are a term and its description', async () => {
      await expect(canvas.getByRole('term')).toHaveTextContent('Output throughput');
      await expect(canvas.getAllByRole('definition')[0]).toHaveTextContent('14,930tok/s');
    });
    await step('the number is monospace with tabular figures', async () => {
      const value = canvas.getByText('14,930');
      await expect(getComputedStyle(value).fontFamily).toMatch(/JetBrains Mono/);
      await expect(getComputedStyle(value).fontVariantNumeric).toBe('tabular-nums');
    });
    await step('the delta carries words, not only colour', async () => {
      await expect(canvas.getByText('38 % higher than the defaults')).toBeVisible();
    });
  },
});

export const Loading = meta.story({
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('14,930')).not.toBeInTheDocument();
    await expect(canvas.queryByText('38 % higher than the defaults')).not.toBeInTheDocument();
  },
});

const ROW: StatProps[] = [
  BEST_THROUGHPUT_STAT,
  { label: 'p99 TTFT', value: formatMs(187.25), delta: '12 % higher than the defaults', trend: 'worse' },
  { label: 'GPU cost per month', value: formatUsd(12480.4), hint: '8 GPUs at $2.49/hour, 70 % utilised' },
  { label: 'Trials', value: '34 / 50', delta: '2 pending' },
];

export const Group = meta.story({
  tags: ['visual'],
  ...galleryStory(Stat, ROW, { style: galleryRow(40), role: 'term' }, async ({ canvas }) => {
    // The figures as a reader sees them, not as the story computes them: the formatting is checked too.
    for (const value of ['14,930', '187 ms', '$12,480', '34 / 50']) await expect(canvas.getByText(value)).toBeVisible();
  }),
});

export const GroupDark = Group.extend({ globals: DARK_THEME });
