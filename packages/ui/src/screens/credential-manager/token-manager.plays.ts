import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectBusy } from '../../../test/story-kit-parts';
import type { CreatedToken, TokenCreateValues, TokenLike } from './token-types';

/*
 * Play steps for stories of the TokenManager and of the pages built on it (API tokens): the same
 * component, so the same checks, and the same stand-in for the app around it. For *.stories.tsx only.
 */

/**
 * Stands in for apps/web around a token list that starts as `initial`: a create call answers at once
 * with `answer` (under the name asked for) and the list is refetched; a revoke call marks the token
 * revoked once it returns. The calls are still reported to the story's `onCreate` and `onRevoke`.
 */
export function useLiveTokens<TToken extends TokenLike, TValues extends TokenCreateValues = TokenCreateValues>(
  initial: readonly TToken[],
  answer: CreatedToken<TToken>,
  now: Date,
  reported: { onCreate: (values: TValues) => void; onRevoke: (id: string) => void },
) {
  const [tokens, setTokens] = useState<readonly TToken[]>(initial);
  const [created, setCreated] = useState<CreatedToken<TToken> | null>(null);
  const [revokingId, setRevokingId] = useState<string | null>(null);
  return {
    tokens,
    created,
    revokingId,
    onCreate: (values: TValues) => {
      reported.onCreate(values);
      const made = { ...answer, token: { ...answer.token, name: values.name } };
      setCreated(made);
      setTokens((list) => [made.token, ...list]);
    },
    onRevoke: (id: string) => {
      reported.onRevoke(id);
      setRevokingId(id);
      // The app marks the token revoked when the DELETE succeeds; the confirmation closes on that.
      queueMicrotask(() => {
        setTokens((list) =>
          list.map((token) => (token.id === id ? { ...token, revoked_at: now.toISOString() } : token)),
        );
        setRevokingId(null);
      });
    },
  };
}

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
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expectBusy(within(dialog).getByRole('button', { name: 'Create token' }), userEvent, args.onCreate);
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
      await expect(args.onCreate).toHaveBeenCalledWith(expect.objectContaining({ name, expires_in_days: 90 }));
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

/**
 * Around `useLiveTokens`: Revoke on `token`'s row asks first, naming it and saying what breaks
 * (`description`); Cancel keeps it; confirming sends its id, and the row then says Revoked and
 * offers no second revoke.
 */
export function playRevokeAsksFirst(token: { id: string; name: string }, description: string) {
  return async ({ args, step, userEvent }: Pick<TokenStoryContext, 'args' | 'step' | 'userEvent'>): Promise<void> => {
    const revokeButton = () => tokenRow(token.name).getByRole('button', { name: `Revoke ${token.name}` });
    await step('Revoke asks first, naming the token and what breaks', async () => {
      await userEvent.click(revokeButton());
      const confirm = await screen.findByRole('alertdialog', { name: `Revoke token ${token.name}?` });
      await expect(confirm).toHaveAccessibleDescription(description);
    });
    await step('Cancel keeps the token', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await expect(args.onRevoke).not.toHaveBeenCalled();
    });
    await step('confirming sends the id; once revoked, the dialog closes and the row says so', async () => {
      await userEvent.click(revokeButton());
      await userEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
      await expect(args.onRevoke).toHaveBeenCalledTimes(1);
      await expect(args.onRevoke).toHaveBeenCalledWith(token.id);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await expect(tokenRow(token.name).getByText('Revoked')).toBeVisible();
      await expect(tokenRow(token.name).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    });
  };
}

/**
 * In the dialog that shows a new token's `secret`: Copy puts it on the clipboard; after Done it is
 * gone for good, even though the create answer is still in props: a new form shows no trace of it.
 * Given `listedAs` (around `useLiveTokens`), the new token is in the list by then, active.
 */
export async function playSecretCopiedThenGone(
  { canvas, step, userEvent }: Pick<TokenStoryContext, 'canvas' | 'step' | 'userEvent'>,
  dialog: HTMLElement,
  secret: string,
  listedAs?: string,
): Promise<void> {
  await step('Copy puts the secret on the clipboard', async () => {
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Copy' })[0] as HTMLElement);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(secret);
  });
  await step('after Done the secret is gone for good, even though the answer is still in props', async () => {
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    if (listedAs) await expect(tokenRow(listedAs).getByText('Active')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
    await expect(await screen.findByRole('dialog', { name: 'New token' })).toBeVisible();
    await expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    await expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
}
