import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect } from 'storybook/test';
import { Divider } from '../divider';
import { ExternalLink, TextLink } from './link';

const meta = preview.meta({
  title: 'Primitives/Link',
  component: ExternalLink,
  args: { href: 'https://docs.example.com', children: 'Read the docs', showIcon: true },
});

export const External = meta.story({
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Read the docs (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
});

function Sample() {
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <p>
        Inline <TextLink href="/benchmarks/">search benchmarks</TextLink> link and an{' '}
        <ExternalLink href="https://docs.example.com" showIcon>
          external one
        </ExternalLink>
        .
      </p>
      <Divider />
      <Divider label="or" />
    </div>
  );
}

export const LinksAndDividers = meta.story({
  tags: ['visual'],
  render: () => <Sample />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'search benchmarks' })).toHaveAttribute('href', '/benchmarks/');
    await expect(canvas.getAllByRole('separator')).toHaveLength(2);
    await expect(canvas.getByRole('separator', { name: 'or' })).toBeVisible();
  },
});

export const Dark = LinksAndDividers.extend({ globals: DARK_THEME });
