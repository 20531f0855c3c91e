import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect } from 'storybook/test';
import { Loading, Skeleton } from './skeleton';

const meta = preview.meta({
  title: 'Primitives/Skeleton',
  component: Skeleton,
  args: { width: 240, height: 16 },
});

export const Single = meta.story({
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[aria-hidden="true"]');
    await expect(block).not.toBeNull();
    await expect(block?.getBoundingClientRect().width).toBe(240);
  },
});

export const Lines = meta.story({
  args: { lines: 3, width: '100%' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-hidden="true"]')?.children).toHaveLength(3);
  },
});

function CardPlaceholder() {
  return (
    <Loading label="Loading tuning session">
      <Skeleton width={280} height={24} />
      <Skeleton lines={3} />
      <div style={{ display: 'flex', gap: 16 }}>
        <Skeleton width={120} height={48} radius={8} />
        <Skeleton width={120} height={48} radius={8} />
        <Skeleton width={120} height={48} radius={8} />
      </div>
    </Loading>
  );
}

export const LoadingRegion = meta.story({
  tags: ['visual'],
  render: () => <CardPlaceholder />,
  play: async ({ canvas }) => {
    const region = canvas.getByRole('status');
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(region).toHaveTextContent('Loading tuning session');
  },
});

export const LoadingRegionDark = LoadingRegion.extend({ globals: DARK_THEME });
