import preview from '../../../../../.storybook/preview';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../button';
import { DARK_THEME } from '../../../test/story-kit';
import { toast, Toaster, TOASTER_CONFIG } from './index';

function Demo() {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button variant="secondary" onClick={() => toast.success('Token revoked')}>
        Success toast
      </Button>
      <Button variant="secondary" onClick={() => toast.error('Unauthorized, please login again')}>
        Error toast
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          for (const n of [1, 2, 3, 4, 5]) toast(`Trial ${n} evaluated`);
        }}
      >
        Five toasts
      </Button>
      <Toaster />
    </div>
  );
}

const meta = preview.meta({
  title: 'Primitives/Toaster',
  component: Toaster,
  render: () => <Demo />,
  beforeEach: () => {
    toast.dismiss();
  },
});

const list = () => document.querySelector<HTMLElement>('[data-sonner-toaster]');

export const Config = meta.story({
  play: async ({ step }) => {
    await step('the configuration is the one of SPEC §9', async () => {
      await expect(TOASTER_CONFIG).toEqual({ visibleToasts: 3, duration: 4000, gap: 14, width: 356 });
    });
  },
});

export const ShowsToasts = meta.story({
  play: async ({ canvas, step, userEvent }) => {
    await step('a toast appears with its message', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Error toast' }));
      await expect(await screen.findByText('Unauthorized, please login again')).toBeVisible();
    });
    await step('the list is 356 px wide with a 14 px gap', async () => {
      const toaster = list();
      await expect(toaster).not.toBeNull();
      await expect(toaster?.style.getPropertyValue('--width')).toBe('356px');
      await expect(toaster?.style.getPropertyValue('--gap')).toBe('14px');
      const toastElement = screen.getByText('Unauthorized, please login again').closest('li');
      await expect(toastElement?.getBoundingClientRect().width).toBe(356);
    });
  },
});

export const AtMostThreeVisible = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Five toasts' }));
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(5));
    await expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3);
  },
});

export const Dark = meta.story({
  globals: DARK_THEME,
  play: async ({ canvas, userEvent }) => {
    // The toasts follow UiProvider's mode.
    await userEvent.click(canvas.getByRole('button', { name: 'Success toast' }));
    await expect(await screen.findByText('Token revoked')).toBeVisible();
    await expect(list()).toHaveAttribute('data-sonner-theme', 'dark');
  },
});
