import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import type { UserEventObject } from 'storybook/test';
import { phoneStory } from '../../../test/story-kit';
import { RoiCalculator } from './roi-calculator';

const meta = preview.meta({
  title: 'Screens/ROI/RoiCalculator',
  component: RoiCalculator,
  args: { onResultChange: fn() },
});

/** The value shown under a Stat's label. */
const statValue = (canvasElement: HTMLElement, label: string) => {
  const term = within(canvasElement).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!value) throw new Error(`No value for ${label}`);
  return value as HTMLElement;
};

/** Replaces what the field labelled `name` holds with `value`, as a user retyping it; returns the field. */
const retype = async (
  { canvas, userEvent }: { canvas: ReturnType<typeof within>; userEvent: Pick<UserEventObject, 'clear' | 'type'> },
  name: string,
  value: string,
) => {
  const field = canvas.getByRole('textbox', { name });
  await userEvent.clear(field);
  await userEvent.type(field, value);
  return field;
};

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('8 GPUs at $2.50/h, 60 % busy, +30 %: $8,760 spend, 0.3/1.3 of it saved', async () => {
      await expect(statValue(canvasElement, 'GPU spend today')).toHaveTextContent('$8,760/month');
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent(/^\$2,022$/);
      await expect(statValue(canvasElement, 'Yearly savings')).toHaveTextContent(/^\$24,258$/);
      await expect(statValue(canvasElement, 'GPUs no longer needed')).toHaveTextContent('1.8');
    });
    await step('the assumption is spelled out', async () => {
      await expect(canvas.getByText(/Assumes the same request load/)).toHaveTextContent(
        'with 30 % more throughput per GPU, it needs 76.9 % of today’s GPU-hours, at 730 hours a month',
      );
    });
    await step('amounts are monospace with tabular figures', async () => {
      const monthly = statValue(canvasElement, 'Monthly savings');
      await expect(getComputedStyle(monthly).fontFamily).toMatch(/JetBrains Mono/);
      await expect(getComputedStyle(monthly).fontVariantNumeric).toBe('tabular-nums');
    });
  },
});

export const LiveRecalculation = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('doubling the GPUs doubles the savings as you type', async () => {
      await retype({ canvas, userEvent }, 'GPUs', '16');
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent(/^\$4,043$/);
      await expect(statValue(canvasElement, 'Yearly savings')).toHaveTextContent(/^\$48,517$/);
      await expect(args.onResultChange).toHaveBeenLastCalledWith(expect.objectContaining({ monthlySpendUsd: 17520 }), {
        hourlyPriceUsd: 2.5,
        gpuCount: 16,
        utilisationPercent: 60,
        throughputGainPercent: 30,
      });
    });
    await step('a 100 % gain halves the spend', async () => {
      await retype({ canvas, userEvent }, 'Throughput gain (%)', '100');
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent(/^\$8,760$/);
      await expect(statValue(canvasElement, 'Yearly savings')).toHaveTextContent(/^\$105,120$/);
      await expect(statValue(canvasElement, 'GPUs no longer needed')).toHaveTextContent('8');
    });
    await step('a fractional price keeps whole dollars in the output', async () => {
      await retype({ canvas, userEvent }, 'GPU hourly price (USD)', '1.99');
      // 1.99 × 16 × 730 × 0.6 / 2 = 6,973.0 (13,946.0 spend)
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent(/^\$6,973$/);
    });
  },
});

export const Invalid = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('a zero price is refused and the outputs blank out', async () => {
      const price = await retype({ canvas, userEvent }, 'GPU hourly price (USD)', '0');
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(price).toHaveAccessibleDescription(/Enter a price per GPU-hour greater than 0/);
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent('—');
      await expect(canvas.getByText('Fix the highlighted fields to see your savings.')).toBeVisible();
    });
    await step('utilisation above 100 is refused', async () => {
      await retype({ canvas, userEvent }, 'Utilisation (%)', '140');
      await expect(canvas.getByText('Utilisation must be a number from 0 to 100')).toBeVisible();
    });
    await step('a fractional GPU count is refused', async () => {
      await retype({ canvas, userEvent }, 'GPUs', '2.5');
      await expect(canvas.getByText('Enter a whole number of GPUs, at least 1')).toBeVisible();
    });
    await step('nothing is reported while any field is invalid', async () => {
      await expect(args.onResultChange).not.toHaveBeenCalledWith(
        expect.anything(),
        expect.objectContaining({ hourlyPriceUsd: 0 }),
      );
    });
  },
});

export const FixingRestoresTheResult = meta.story({
  args: { defaultValues: { hourlyPriceUsd: 3, gpuCount: 4, utilisationPercent: 100, throughputGainPercent: 25 } },
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    const utilisation = canvas.getByRole('textbox', { name: 'Utilisation (%)' });
    await step('break it, then fix it', async () => {
      await userEvent.clear(utilisation);
      await expect(statValue(canvasElement, 'Yearly savings')).toHaveTextContent('—');
      await userEvent.type(utilisation, '50');
      await expect(canvas.queryByText('Utilisation must be a number from 0 to 100')).not.toBeInTheDocument();
      // 3 × 4 × 730 × 0.5 = 4,380 spend; × 0.25/1.25 = 876 a month, 10,512 a year
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent(/^\$876$/);
      await expect(statValue(canvasElement, 'Yearly savings')).toHaveTextContent(/^\$10,512$/);
    });
  },
});

export const Empty = meta.story({
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    await step('with every field cleared, each says what it needs', async () => {
      for (const name of ['GPU hourly price (USD)', 'GPUs', 'Utilisation (%)', 'Throughput gain (%)']) {
        await userEvent.clear(canvas.getByRole('textbox', { name }));
      }
      await expect(
        canvas.getAllByRole('textbox').filter((input) => input.getAttribute('aria-invalid') === 'true'),
      ).toHaveLength(4);
      await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent('—');
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(statValue(canvasElement, 'Monthly savings')).toHaveTextContent('$2,022');
  },
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
