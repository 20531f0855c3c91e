import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect } from 'storybook/test';
import { expectToneWithIcon } from '../../../test/story-kit-parts';
import { Gallery, galleryRow } from '../../../test/story-kit-gallery';
import { Badge, STATUS_STYLES, StatusBadge } from './badge';
import type { KnownStatus } from './badge';

const meta = preview.meta({
  title: 'Primitives/StatusBadge',
  component: StatusBadge,
  args: { status: 'running' },
});

export const Running = meta.story({
  play: async ({ canvas }) => {
    await expectToneWithIcon(canvas.getByText('Running'), 'info');
  },
});

export const CustomLabel = meta.story({
  args: { status: 'running', label: 'Running · 34/50' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Running · 34/50')).toHaveAttribute('data-tone', 'info');
  },
});

export const UnknownStatus = meta.story({
  args: { status: 'draining' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('draining')).toHaveAttribute('data-tone', 'neutral');
  },
});

const STATUSES = (Object.keys(STATUS_STYLES) as KnownStatus[]).map((status) => ({ status }));
const TONES = (['neutral', 'accent', 'info', 'success', 'warning', 'danger'] as const).map((tone) => ({
  tone,
  children: tone,
}));

export const AllStatuses = meta.story({
  tags: ['visual'],
  render: () => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Gallery of={StatusBadge} states={STATUSES} style={galleryRow(8)} />
      <Gallery of={Badge} states={TONES} style={galleryRow(8)} />
    </div>
  ),
  play: async ({ canvas, step }) => {
    await step('the four session statuses use their semantic tones, with words', async () => {
      await expect(canvas.getByText('Pending')).toHaveAttribute('data-tone', 'neutral');
      await expect(canvas.getByText('Running')).toHaveAttribute('data-tone', 'info');
      await expect(canvas.getByText('Complete')).toHaveAttribute('data-tone', 'success');
      await expect(canvas.getByText('Failed')).toHaveAttribute('data-tone', 'danger');
    });
    await step('failure kinds read as words too', async () => {
      await expect(canvas.getByText('Out of memory')).toHaveAttribute('data-tone', 'danger');
      await expect(canvas.getByText('Timed out')).toHaveAttribute('data-tone', 'warning');
    });
  },
});

export const AllStatusesDark = AllStatuses.extend({ globals: DARK_THEME });
