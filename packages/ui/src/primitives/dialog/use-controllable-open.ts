import { useState } from 'react';

/**
 * A dialog's open state that its owner may control (`open` with `onOpenChange`) or leave to the
 * component: without `open` the component keeps its own, and `onOpenChange` hears every change
 * either way.
 */
export function useControllableOpen(open: boolean | undefined, onOpenChange?: (open: boolean) => void) {
  const [ownOpen, setOwnOpen] = useState(false);
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return [open ?? ownOpen, setOpen] as const;
}
