import type { PendingConfig } from '@mako/contract';
import { ApiError, type MakoApi } from '../api/client.ts';

/** Never renew more often than this, whatever the server's lease time. */
const MIN_RENEW_INTERVAL_MS = 1000;

/**
 * Renews a lease while the runner measures its configuration: each time a third of the lease's
 * remaining time has passed, so that two renewals may fail (a network blip) before it lapses.
 * The server's leases last minutes, so a runner that dies, however it dies, gives its configuration
 * back to the search that soon. Stops by itself when the server says the lease is no longer held.
 */
export function keepLease(api: MakoApi, pending: PendingConfig, onLapsed: (detail: string) => void): { stop(): void } {
  let expiresAt = Date.parse(pending.expires_at);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    const delay = Math.max(MIN_RENEW_INTERVAL_MS, (expiresAt - Date.now()) / 3);
    timer = setTimeout(renew, delay);
    // A pending renewal never keeps the process alive.
    timer.unref();
  };
  const renew = async () => {
    try {
      const renewed = await api.call('renewLease', {
        params: { session_id: pending.session_id, pending_config_id: pending.id },
      });
      expiresAt = Date.parse(renewed.expires_at);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        if (!stopped) onLapsed(error.detail ?? error.statusText);
        stopped = true;
      }
      // Anything else (the server restarting, the network) is tried again at the next turn.
    }
    if (!stopped) schedule();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
