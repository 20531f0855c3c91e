import { afterAll, beforeAll } from 'vitest';
import { ok, signUp, startServer, type TestServer } from './helpers.ts';
import type { SignedUpUser } from './two-users.ts';

/**
 * The setup of the files that post as a runner does: before the file's tests, a server (started
 * with `startServer`'s arguments), a signed-up user, alice, and the secret of an API token of hers,
 * handed to `use`; after them, the server closed.
 */
export function serverWithRunner(
  use: (started: { ts: TestServer; alice: SignedUpUser; runner: string }) => void,
  ...args: Parameters<typeof startServer>
): void {
  let ts: TestServer | undefined;
  beforeAll(async () => {
    ts = await startServer(...args);
    const alice = await signUp(ts);
    const token = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'runner' } });
    use({ ts, alice, runner: token.secret });
  });
  afterAll(() => ts?.close());
}
