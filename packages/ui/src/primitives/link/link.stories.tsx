import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Divider } from '../divider';
import { inDarkTheme } from '../../../test/story-kit-parts';
import { ExternalLink, TextLink } from './link';

const meta = {
  title: 'Primitives/Link',
  component: ExternalLink,
  args: { href: 'https://docs.example.com', children: 'Read the docs', showIcon: true },
} satisfies Meta<typeof ExternalLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const External: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Read the docs (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

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

export const LinksAndDividers: Story = {
  tags: ['visual'],
  render: () => <Sample />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'search benchmarks' })).toHaveAttribute('href', '/benchmarks/');
    await expect(canvas.getAllByRole('separator')).toHaveLength(2);
    await expect(canvas.getByRole('separator', { name: 'or' })).toBeVisible();
  },
};

export const Dark: Story = inDarkTheme(LinksAndDividers);
