import { useState } from 'react';
import type { ReactNode } from 'react';

export interface ItemConfirmationOptions<TItem extends { id: string }> {
  /** The list the item is in; once the item is gone from it, the confirmation closes. */
  items: readonly TItem[] | null | undefined;
  /** Whether an item still awaits the action (a revoked token stays in its list); all do by default. */
  awaitsAction?: (item: TItem) => boolean;
  /** The id of the item whose action is in flight. */
  busyId?: string | null;
  /** Why the last action failed. */
  error?: ReactNode;
  onConfirm: (id: string) => void;
}

/**
 * The ConfirmDialog of an action on one item of a list (revoke a token, delete a request). The
 * target is kept by id and looked up in the current items, so the dialog closes by itself once the
 * data shows the action done; an error shows only for the item confirmed since the dialog opened,
 * not for an attempt made before it was reopened.
 */
export function useItemConfirmation<TItem extends { id: string }>({
  items,
  awaitsAction = () => true,
  busyId,
  error,
  onConfirm,
}: ItemConfirmationOptions<TItem>) {
  const [targetId, setTargetId] = useState<string | null>(null);
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const target = items?.find((item) => item.id === targetId && awaitsAction(item)) ?? null;

  return {
    target,
    /** Opens the confirmation for an item. */
    ask: (item: TItem) => {
      setConfirmedId(null);
      setTargetId(item.id);
    },
    /** The ConfirmDialog's open state, busy, error and handlers. */
    dialogProps: {
      open: target !== null,
      onOpenChange: (open: boolean) => {
        if (open) return;
        setTargetId(null);
        setConfirmedId(null);
      },
      busy: target !== null && busyId === target.id,
      error: target !== null && confirmedId === target.id ? error : null,
      onConfirm: () => {
        if (!target) return;
        setConfirmedId(target.id);
        onConfirm(target.id);
      },
    },
  };
}
