import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect, fn } from 'storybook/test';
import { CopyIcon } from '../../foundations/icons';
import { expectBusy, expectClicksIgnored } from '../../../test/story-kit-parts';
import { Button } from './button';
import type { ButtonSize, ButtonVariant } from './button.styles';

const meta = preview.meta({
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Create session', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
});

export const Primary = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('a click reports once', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Create session' }));
      await expect(args.onClick).toHaveBeenCalledTimes(1);
    });
    await step('it is a plain button, so it never submits a surrounding form by accident', async () => {
      await expect(canvas.getByRole('button')).toHaveAttribute('type', 'button');
    });
  },
});

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg'];

function Matrix() {
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {sizes.map((size) => (
        <div key={size} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          {variants.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button size={size} busy>
            Saving
          </Button>
          <Button size={size} variant="secondary" disabled>
            Disabled
          </Button>
          <Button size={size} variant="secondary" icon={<CopyIcon />}>
            Copy
          </Button>
        </div>
      ))}
    </div>
  );
}

export const AllVariants = meta.story({
  tags: ['visual'],
  render: () => <Matrix />,
  play: async ({ canvas, step }) => {
    await step('every variant and size renders, busy ones are disabled', async () => {
      await expect(canvas.getAllByRole('button')).toHaveLength(sizes.length * (variants.length + 3));
      for (const busy of canvas.getAllByRole('button', { name: 'Saving' })) await expect(busy).toBeDisabled();
    });
  },
});

export const AllVariantsDark = AllVariants.extend({ globals: DARK_THEME });

export const Busy = meta.story({
  args: { busy: true, children: 'Saving' },
  play: async ({ canvas, args, step, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await step('busy means disabled, aria-busy and a spinner; clicks are ignored', async () => {
      await expectBusy(button, userEvent, args.onClick);
    });
  },
});

export const Disabled = meta.story({
  args: { disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button');
    await expect(button).not.toHaveAttribute('aria-busy');
    await expectClicksIgnored(button, userEvent, args.onClick);
  },
});

export const KeyboardFocus = meta.story({
  args: { variant: 'secondary' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('Tab reaches the button and Enter activates it', async () => {
      await userEvent.tab();
      await expect(canvas.getByRole('button')).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onClick).toHaveBeenCalledTimes(1);
    });
  },
});
