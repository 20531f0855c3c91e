import preview from '../../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { expectNamedGraphic } from '../../../test/story-kit-parts';
import * as icons from './icons';
import { CheckIcon, GoogleGlyph } from './icons';

const meta = preview.meta({
  title: 'Foundations/Icons',
  component: CheckIcon,
  args: { size: 16 },
});

/** Every icon of the set (GoogleGlyph is a brand mark with its own rules, tested on its own). */
const ICON_SET = Object.entries(icons).filter(
  (entry): entry is [string, typeof CheckIcon] => entry[0] !== 'GoogleGlyph',
);

export const Decorative = meta.story({
  render: (args) => (
    <p style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      <CheckIcon {...args} />
      Saved
    </p>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    const svg = canvasElement.querySelector('svg');
    await step('without a title the icon is hidden from assistive technology and never takes focus', async () => {
      await expect(svg).toHaveAttribute('aria-hidden', 'true');
      await expect(svg).toHaveAttribute('focusable', 'false');
      await expect(svg).not.toHaveAttribute('role');
      await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
      await expect(canvas.getByText('Saved')).toBeVisible();
    });
    await step('it is drawn at 16 px in the text colour', async () => {
      await expect(svg?.getBoundingClientRect().width).toBe(16);
      await expect(svg).toHaveAttribute('stroke', 'currentColor');
    });
  },
});

export const Named = meta.story({
  args: { title: 'Saved', size: 20 },
  play: async ({ canvas, step }) => {
    await step('a title makes it an image with that name', async () => {
      await expectNamedGraphic(canvas.getByRole('img', { name: 'Saved' }), 20);
    });
  },
});

export const Sizes = meta.story({
  render: () => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      {[12, 16, 20, 24].map((size) => (
        <CheckIcon key={size} size={size} title={`${size} px`} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const size of [12, 16, 20, 24]) {
      const box = canvas.getByRole('img', { name: `${size} px` }).getBoundingClientRect();
      await expect([box.width, box.height]).toEqual([size, size]);
    }
  },
});

export const Gallery = meta.story({
  render: () => (
    <ul
      aria-label="Icons"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        gap: 12,
        listStyle: 'none',
        padding: 0,
      }}
    >
      {ICON_SET.map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Icon size={20} title={name} />
          <code aria-hidden="true">{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas, step }) => {
    await step('every icon of the set renders and can be named', async () => {
      await expect(ICON_SET.length).toBeGreaterThanOrEqual(20);
      const list = within(canvas.getByRole('list', { name: 'Icons' }));
      for (const [name] of ICON_SET) {
        const image = list.getByRole('img', { name });
        await expect(image.querySelectorAll('path, circle, rect').length).toBeGreaterThan(0);
      }
    });
  },
});

export const GoogleMark = meta.story({
  render: () => (
    <button type="button" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <GoogleGlyph size={18} />
      Sign up with Google
    </button>
  ),
  play: async ({ canvas, step }) => {
    await step('the brand mark is always decorative: the words name the button', async () => {
      const button = canvas.getByRole('button', { name: 'Sign up with Google' });
      const glyph = button.querySelector('svg');
      await expect(glyph).toHaveAttribute('aria-hidden', 'true');
      await expect(glyph?.getBoundingClientRect().width).toBe(18);
      await expect(glyph?.querySelectorAll('path')).toHaveLength(4);
    });
  },
});
