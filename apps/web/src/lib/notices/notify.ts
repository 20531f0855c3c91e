import type { toast as sonnerToast } from '@mako/ui';

/*
 * Toasts load after the first paint: sonner is about 10 KB gzipped and no page shows a toast while
 * it first renders. Callers use `notify`; the first call (or, on the signed-in pages, an idle
 * moment after they render) mounts the Toaster, and the toast is raised once it listens, so none
 * is lost.
 */

type Toast = typeof sonnerToast;
type ToastOptions = Parameters<Toast['error']>[1];

let requested = false;
const listeners = new Set<() => void>();
let markReady: (toast: Toast) => void = () => undefined;
const ready = new Promise<Toast>((resolve) => {
  markReady = resolve;
});

/** Asks for the Toaster to be mounted; resolves with sonner's `toast` once it is. */
export function requestToaster(): Promise<Toast> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

export function isToasterRequested(): boolean {
  return requested;
}

export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted Toaster host. */
export function toasterMounted(toast: Toast): void {
  markReady(toast);
}

export const notify = {
  success: (message: string, options?: ToastOptions) =>
    void requestToaster().then((toast) => toast.success(message, options)),
  error: (message: string, options?: ToastOptions) =>
    void requestToaster().then((toast) => toast.error(message, options)),
  info: (message: string, options?: ToastOptions) =>
    void requestToaster().then((toast) => toast.info(message, options)),
};
