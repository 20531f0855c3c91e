import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { phoneStory } from '../../../test/story-kit';
import { ErrorView } from './error-view';

const RAW = "TypeError: Cannot read properties of undefined (reading 'hardware_config')";

const meta = preview.meta({
  title: 'Screens/Errors/ErrorView',
  component: ErrorView,
  args: { error: new TypeError("Cannot read properties of undefined (reading 'hardware_config')") },
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Show Error' });
    await step("it says 'Something went wrong!' and keeps the raw error hidden", async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(canvas.getByText(RAW)).not.toBeVisible();
    });
    await step('Show Error reveals the raw text in a monospace block', async () => {
      await userEvent.click(toggle);
      const raw = canvas.getByLabelText('Error details');
      await expect(raw).toBeVisible();
      await expect(raw).toHaveTextContent(RAW);
      await expect(getComputedStyle(raw).fontFamily).toMatch(/JetBrains Mono/);
      await expect(toggle).toHaveAccessibleName('Hide Error');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    });
    await step('Hide Error hides it again', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Hide Error' }));
      await expect(canvas.getByText(RAW)).not.toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Show Error' })).toBeVisible();
    });
    await step('without onRetry there is no retry button', async () => {
      await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  },
});

export const ErrorShown = meta.story({
  tags: ['visual'],
  args: { defaultShowError: true, onRetry: fn() },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the raw error is visible from the start', async () => {
      await expect(canvas.getByLabelText('Error details')).toHaveTextContent(RAW);
    });
    await step('Try again calls onRetry', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledTimes(1);
    });
  },
});

export const NonErrorValue = meta.story({
  args: { error: { status: 502, statusText: 'Bad Gateway', body: 'upstream timed out' }, defaultShowError: true },
  play: async ({ canvas }) => {
    const raw = canvas.getByLabelText('Error details');
    await expect(raw).toHaveTextContent('"statusText": "Bad Gateway"');
    await expect(raw).toHaveTextContent('"body": "upstream timed out"');
  },
});

export const StringError = meta.story({
  args: { error: 'Loader failed: 503', defaultShowError: true, headingLevel: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Something went wrong!' })).toBeVisible();
    await expect(canvas.getByLabelText('Error details')).toHaveTextContent(/^Loader failed: 503$/);
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  args: { defaultShowError: true, onRetry: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Hide Error' })).toBeVisible();
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  args: { defaultShowError: true, onRetry: fn() },
  ...phoneStory(),
});
