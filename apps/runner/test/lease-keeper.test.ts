import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PREFIX, type PendingConfig } from '@mako/contract';
import { MakoApi } from '../src/api/client.ts';
import { keepLease } from '../src/tune/lease-keeper.ts';
import { listen } from './listen.ts';

/** Leases of this length are renewed about every second (a third of what is left). */
const LEASE_MS = 3000;

function pendingConfig(expiresInMs: number): PendingConfig {
  return {
    id: randomUUID(),
    session_id: randomUUID(),
    trial_number: 1,
    config: { max_num_seqs: 64 },
    status: 'leased',
    leased_by: 'gpu-1',
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

/** A server that renews `lease` for `renewals` calls, then answers 409 as apps/api does for a lapsed lease. */
async function leaseServer(lease: PendingConfig, renewals: number) {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    calls.push(`${request.method} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    if (calls.length > renewals) {
      response.statusCode = 409;
      response.end(JSON.stringify({ detail: API_MESSAGES.leaseLapsed }));
    } else response.end(JSON.stringify({ ...lease, expires_at: new Date(Date.now() + LEASE_MS).toISOString() }));
  });
  const { port, close } = await listen(server);
  return { api: new MakoApi({ baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`, token: 'mako_test' }), calls, close };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keepLease', () => {
  it('renews the lease while the runner measures, and stops when told to', async () => {
    const lease = pendingConfig(LEASE_MS);
    const server = await leaseServer(lease, 100);
    try {
      const kept = keepLease(server.api, lease, () => {});
      await sleep(LEASE_MS + 500);
      kept.stop();
      // Renewed before the first lease lapsed, and again as each renewal's time ran down.
      expect(server.calls.length).toBeGreaterThanOrEqual(2);
      expect(server.calls[0]).toBe(
        `POST ${API_PREFIX}/tuning/session/${lease.session_id}/next-configs/${lease.id}/renew`,
      );
      const stoppedAt = server.calls.length;
      await sleep(1500);
      expect(server.calls.length).toBe(stoppedAt);
    } finally {
      await server.close();
    }
  }, 15_000);

  it('gives up, saying why once, when the server no longer holds the lease', async () => {
    const lease = pendingConfig(LEASE_MS);
    const server = await leaseServer(lease, 1);
    const lapsed: string[] = [];
    try {
      const kept = keepLease(server.api, lease, (detail) => lapsed.push(detail));
      await sleep(3500);
      expect(server.calls).toHaveLength(2);
      expect(lapsed).toEqual([API_MESSAGES.leaseLapsed]);
      kept.stop();
    } finally {
      await server.close();
    }
  }, 15_000);
});
