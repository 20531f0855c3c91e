import { expect, screen, within } from 'storybook/test';

/*
 * Play steps for stories of the TokenManager and of the pages built on it (API tokens): the same
 * component, so the same checks. For *.stories.tsx only.
 */

interface TokenStoryContext {
  canvas: Pick<ReturnType<typeof within>, 'getByRole'>;
  args: { onCreate: unknown; onRevoke: unknown };
  step: (label: string, play: () => Promise<void>) => unknown;
  userEvent: {
    click: (element: Element) => Promise<void>;
    type: (element: Element, text: string) => Promise<void>;
    keyboard: (text: string) => Promise<void>;
  };
}

/** The table row of the token named `name`, to query inside. */
export function tokenRow(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return within(row);
}

/** With `creating`: the dialog's submit spins, nothing can be sent twice, and Escape keeps the dialog. */
export async function playCreating({ canvas, args, step, userEvent }: TokenStoryContext): Promise<void> {
  await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
  const dialog = await screen.findByRole('dialog', { name: 'New token' });
  await step('while the call runs the button spins and nothing can be sent twice', async () => {
    const submit = within(dialog).getByRole('button', { name: 'Create token' });
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(submit).toBeDisabled();
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(submit);
    await expect(args.onCreate).not.toHaveBeenCalled();
  });
  await step('Escape does not close it, so the secret it returns cannot be lost', async () => {
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'New token' })).toBeVisible();
  });
}

/** With `createError`: not shown on a fresh form; after creating `name`, it shows and the name stays. */
export function playCreateFailed(name: string, error: string) {
  return async ({ canvas, args, step, userEvent }: TokenStoryContext): Promise<void> => {
    await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    await step('an error from an earlier attempt is not shown on a fresh form', async () => {
      await expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });
    await step('after submitting, the error shows and the name is kept for a retry', async () => {
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledWith({ name, expires_in_days: 90 });
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(error);
      await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    });
  };
}

/** With `revokeError`: no stale error; after confirming the revoke of `token`, it shows and the dialog stays. */
export function playRevokeFailed(token: { id: string; name: string }, error: string) {
  return async ({ step, args, userEvent }: TokenStoryContext): Promise<void> => {
    await userEvent.click(tokenRow(token.name).getByRole('button', { name: `Revoke ${token.name}` }));
    const confirm = await screen.findByRole('alertdialog', { name: `Revoke token ${token.name}?` });
    await step('no stale error before confirming', async () => {
      await expect(within(confirm).queryByRole('alert')).not.toBeInTheDocument();
    });
    await step('after confirming, the failure shows and the dialog stays for a retry', async () => {
      await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
      await expect(args.onRevoke).toHaveBeenCalledWith(token.id);
      await expect(within(confirm).getByRole('alert')).toHaveTextContent(error);
    });
  };
}
