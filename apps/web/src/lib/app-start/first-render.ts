/**
 * When to mount the app: once the router has loaded the first page (its code and its data), or
 * after `waitMs`, whichever comes first.
 *
 * Mounted before the data arrives, the page mounts inside the router's update when it does. That
 * update is synchronous (the router's store is read through useSyncExternalStore), so a page of a
 * hundred results mounted in one long task, which blocks input and delays the largest paint. Mounted
 * after, the whole first page renders in the root's transition, which React renders in slices
 * between frames. The wait is bounded so that a slow API still shows the page's pending state.
 */
export function renderWhenLoaded(load: () => Promise<unknown>, render: () => void, waitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  // A failed load is the router's to show (its error component); the app mounts all the same.
  const loaded = load().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, waited]).then(() => {
    clearTimeout(timer);
    render();
  });
}
