import { expect, within } from 'storybook/test';

/* Play steps shared by the share pages' stories. For *.stories.tsx only. */

/** What a visitor must never be offered on a share page. */
export async function expectNoOwnerControls(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  for (const name of [/^publish$/i, /^unpublish$/i, /^delete$/i, /compare/i, /share publicly/i, /stop sharing/i])
    await expect(canvas.queryByRole('button', { name })).toBeNull();
  await expect(canvas.queryByText(/only its owner/)).toBeNull();
  // No app navigation: the only ways on are signing in and trying the product.
  await expect(canvas.queryByRole('link', { name: 'Tuning sessions' })).toBeNull();
  await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  await expect(canvas.getByRole('link', { name: 'Try MakoOptimize' })).toHaveAttribute('href', '/');
}
