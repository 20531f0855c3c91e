import { expect, waitFor, within } from 'storybook/test';

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
