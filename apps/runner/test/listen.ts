import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a test server on 127.0.0.1 (a free port unless one is given). Its `close` also ends the
 * clients' idle keep-alive connections, so that closing never waits for them to time out.
 */
export function listen(
  server: http.Server,
  options: { port?: number; host?: string } = {},
): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve({ port, close });
    });
  });
}
