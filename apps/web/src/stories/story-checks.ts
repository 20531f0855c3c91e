import type { StoryObj } from '@storybook/react-vite';
import { mockError } from '@mako/api-client/mocks';
import type { HttpHandler } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { scenarios, type AppStory } from './app-story.tsx';

/** The parameters and play of a page story; each file's meta gives the path. */
type PageState = Pick<StoryObj<typeof AppStory>, 'parameters' | 'play'>;

/** The page shows its loading state: a busy region, and no error. */
export async function expectLoading(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull(), { timeout: 5_000 });
  await expect(within(canvasElement).queryByText(/Something went wrong/)).toBeNull();
}

/** The request failure reads 'Something went wrong: {status text}' with the server's detail (SPEC §8). */
export async function expectRequestError(
  canvasElement: HTMLElement,
  statusText: string,
  detail: string,
): Promise<void> {
  const canvas = within(canvasElement);
  await expect(await canvas.findByText(`Something went wrong: ${statusText}`, {}, { timeout: 5_000 })).toBeVisible();
  await expect(canvas.getByText(detail)).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
}

/** The shell's h1 and the document title both carry the page title of SPEC §2. */
export async function expectPageTitle(canvasElement: HTMLElement, title: string): Promise<void> {
  await expect(
    await within(canvasElement).findByRole('heading', { level: 1, name: title }, { timeout: 5_000 }),
  ).toBeVisible();
  await waitFor(() => expect(document.title).toBe(title));
}

/** The page carries `title` (expectPageTitle), then `shows` checks what it shows under it. */
export const pageShowsStory = (
  title: string,
  shows?: (canvas: Parameters<NonNullable<PageState['play']>>[0]['canvas']) => Promise<void>,
): PageState => ({
  play: async ({ canvas, canvasElement }) => {
    await expectPageTitle(canvasElement, title);
    await shows?.(canvas);
  },
});

/*
 * The states every data page has, as stories: loading, a failed request, nothing to show. A file
 * spreads one into its story (`export const Failure: Story = { name: 'Error', ...failedStory(…) }`)
 * and keeps the name itself, which Storybook reads from the file.
 */

/** Every request hangs but the shell's: the page shows its loading state. */
export const loadingStory = (): PageState => ({
  parameters: { msw: { handlers: scenarios.loading() } },
  play: async ({ canvasElement }) => {
    await expectLoading(canvasElement);
  },
});

/** Every request but the shell's fails (or those of `handlers`): the page says so, with Retry. */
export const failedStory = (
  statusText: string,
  detail: string,
  handlers: HttpHandler[] = scenarios.error(),
): PageState => ({
  parameters: { msw: { handlers } },
  play: async ({ canvasElement }) => {
    await expectRequestError(canvasElement, statusText, detail);
  },
});

/** Every list is empty: the page shows its empty state's heading. */
export const emptyStory = (heading: string): PageState => ({
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: heading })).toBeVisible();
  },
});

/** Only `endpoint` is down (a 503, 'Database unavailable'); `others` answer everything else. */
export const endpointDownStory = (
  endpoint: Parameters<typeof mockError>[0],
  others: HttpHandler[] = scenarios.success(),
): PageState =>
  failedStory('Service Unavailable', 'Database unavailable', [
    mockError(endpoint, 503, 'Database unavailable'),
    ...others,
  ]);
