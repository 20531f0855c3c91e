/** The address of an item's public share page (routes/share.$kind.$id.tsx), for the owner to copy. */
export const shareUrl = (kind: 'benchmarks' | 'settings' | 'tuning-sessions', id: string): string =>
  new URL(`/share/${kind}/${encodeURIComponent(id)}`, window.location.origin).href;
