import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { DARK_THEME, withMaxWidth } from '../../../test/story-kit';
import { Tabs } from './tabs';

const items = [
  { value: 'table', label: 'Table', content: <p>Results as a sortable table.</p> },
  { value: 'pareto', label: 'Pareto', content: <p>Tokens/s per GPU against tokens/s per user.</p> },
  { value: 'raw', label: 'Raw JSON', content: <p>Not available for this search.</p>, disabled: true },
];

const meta = preview.meta({
  title: 'Primitives/Tabs',
  component: Tabs,
  args: { items, 'aria-label': 'Result views', onValueChange: fn() },
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the first tab is selected and its panel shown', async () => {
      await expect(canvas.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Results as a sortable table.');
    });
    await step('clicking another tab switches the panel and reports it', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Pareto' }));
      await expect(args.onValueChange).toHaveBeenCalledWith('pareto');
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Tokens/s per GPU');
    });
    await step('arrow keys move between tabs and skip disabled ones', async () => {
      await userEvent.keyboard('{ArrowLeft}');
      await expect(canvas.getByRole('tab', { name: 'Table' })).toHaveFocus();
      await expect(canvas.getByRole('tab', { name: 'Raw JSON' })).toBeDisabled();
    });
    await step('the arrow keys wrap around, Home goes to the first tab, and the focused tab is selected', async () => {
      await userEvent.keyboard('{ArrowLeft}');
      await expect(canvas.getByRole('tab', { name: 'Pareto' })).toHaveFocus();
      await expect(canvas.getByRole('tab', { name: 'Pareto' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.keyboard('{Home}');
      await expect(canvas.getByRole('tab', { name: 'Table' })).toHaveFocus();
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Results as a sortable table.');
    });
    await step('only the selected tab is in the Tab order, and its panel is linked to it', async () => {
      const [table, pareto] = canvas.getAllByRole('tab');
      await expect(table).toHaveAttribute('tabindex', '0');
      await expect(pareto).toHaveAttribute('tabindex', '-1');
      await expect(canvas.getByRole('tabpanel', { name: 'Table' })).toHaveAttribute(
        'id',
        table?.getAttribute('aria-controls'),
      );
    });
  },
});

export const Stretched = meta.story({
  args: { stretch: true, defaultValue: 'pareto' },
  decorators: [withMaxWidth(420)],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Pareto' })).toHaveAttribute('aria-selected', 'true');
    const [first, second] = canvas.getAllByRole('tab');
    await expect(first?.getBoundingClientRect().width).toBeCloseTo(second?.getBoundingClientRect().width ?? 0, 0);
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab')).toHaveLength(3);
  },
});
