import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { ConfirmDialog, useItemConfirmation } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import { LoadingErrorWrapper } from '../error-views/loading-error-wrapper';
import type { LoadStateProps } from '../error-views/loading-error-wrapper';
import { KeyIcon } from '../../foundations/icons';
import { CreateTokenDialog } from './create-token-dialog';
import type { CreateTokenDialogProps } from './create-token-dialog';
import { TokenTable } from './token-table';
import { Intro, PageRoot, Toolbar } from './token-management.styles';
import type { CreatedToken, TokenLike } from './token-types';

export interface TokenManagerProps<TToken extends TokenLike, TExtra extends object = Record<never, never>>
  extends
    LoadStateProps,
    Pick<
      CreateTokenDialogProps<TToken, TExtra>,
      'createdTitle' | 'secretLabel' | 'namePlaceholder' | 'extraFields' | 'onCreate' | 'renderUsage'
    > {
  /** One or two sentences above the list: what these tokens are for. */
  intro: ReactNode;
  /** Names the table, e.g. "API tokens". */
  caption: string;

  /** The list; undefined until it has loaded. */
  tokens?: readonly TToken[] | null;
  /** The reference time for relative dates and expiry; fixed in stories. */
  now?: Date | number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extraColumns?: ReadonlyArray<ColumnDef<TToken, any>>;

  emptyTitle: string;
  emptyDescription: ReactNode;
  emptyCommand?: string;

  /** The create dialog's description. */
  createDescription: ReactNode;
  /** The create call is in flight. */
  creating?: boolean;
  createError?: string | null;
  /** The create call's answer; its secret is shown once, until the user closes the dialog. */
  created?: CreatedToken<TToken> | null;

  onRevoke: (id: string) => void;
  /** The id whose revoke call is in flight. */
  revokingId?: string | null;
  revokeError?: string | null;
  /** What revoking breaks, e.g. "Runners using it stop working at once. This cannot be undone." */
  revokeDescription: string;
}

/** What a token page takes from the app: the list with its load state, and the create and revoke calls. */
export type TokenPageProps<TToken extends TokenLike, TExtra extends object = Record<never, never>> = Pick<
  TokenManagerProps<TToken, TExtra>,
  | 'tokens'
  | 'isLoading'
  | 'error'
  | 'onRetry'
  | 'retrying'
  | 'now'
  | 'onCreate'
  | 'creating'
  | 'createError'
  | 'created'
  | 'onRevoke'
  | 'revokingId'
  | 'revokeError'
>;

/**
 * The shared body of the token pages: an intro with "New token", the list (or its loading, error
 * and empty states), the create dialog that shows the secret once, and revoke with confirm.
 */
export function TokenManager<TToken extends TokenLike, TExtra extends object = Record<never, never>>({
  intro,
  caption,
  tokens,
  now,
  extraColumns,
  emptyTitle,
  emptyDescription,
  emptyCommand,
  createDescription,
  createdTitle,
  secretLabel,
  namePlaceholder,
  extraFields,
  onCreate,
  creating = false,
  createError,
  created,
  renderUsage,
  onRevoke,
  revokingId,
  revokeError,
  revokeDescription,
  ...load
}: TokenManagerProps<TToken, TExtra>) {
  const [createOpen, setCreateOpen] = useState(false);
  // The secret the user has closed: the same answer must never be shown a second time.
  const [dismissedSecret, setDismissedSecret] = useState<string | null>(null);
  const freshCreated = created && created.secret !== dismissedSecret ? created : null;

  // Once the token shows as revoked (or is gone), the confirmation closes.
  const revoke = useItemConfirmation({
    items: tokens,
    awaitsAction: (token) => !token.revoked_at,
    busyId: revokingId,
    error: revokeError,
    onConfirm: onRevoke,
  });

  return (
    <PageRoot>
      <Toolbar>
        <Intro>{intro}</Intro>
        <Button icon={<KeyIcon size={16} />} onClick={() => setCreateOpen(true)}>
          New token
        </Button>
      </Toolbar>
      <LoadingErrorWrapper
        {...load}
        loadingLabel={`Loading ${caption}`}
        skeleton={
          <TokenTable
            tokens={[]}
            caption={caption}
            extraColumns={extraColumns}
            onRevokeRequest={() => undefined}
            loading
          />
        }
      >
        {tokens && tokens.length > 0 ? (
          <TokenTable
            tokens={tokens}
            caption={caption}
            extraColumns={extraColumns}
            now={now}
            onRevokeRequest={revoke.ask}
          />
        ) : (
          <EmptyState
            icon={<KeyIcon size={24} />}
            title={emptyTitle}
            description={emptyDescription}
            command={emptyCommand}
          />
        )}
      </LoadingErrorWrapper>

      <CreateTokenDialog<TToken, TExtra>
        open={createOpen || freshCreated !== null}
        onOpenChange={(next) => {
          setCreateOpen(next);
          if (!next && freshCreated) setDismissedSecret(freshCreated.secret);
        }}
        title="New token"
        description={createDescription}
        createdTitle={createdTitle}
        secretLabel={secretLabel}
        namePlaceholder={namePlaceholder}
        extraFields={extraFields}
        onCreate={onCreate}
        busy={creating}
        error={createError}
        created={freshCreated}
        renderUsage={renderUsage}
      />

      <ConfirmDialog
        {...revoke.dialogProps}
        title={`Revoke token ${revoke.target?.name ?? ''}?`}
        description={revokeDescription}
        confirmLabel="Revoke token"
      />
    </PageRoot>
  );
}
