import { afterAll, beforeAll } from 'vitest';
import { signUp, startServer, type TestServer } from './helpers.ts';

export type SignedUpUser = Awaited<ReturnType<typeof signUp>>;

/**
 * A file's setup: before its tests, a server (started with `startServer`'s arguments) and what
 * `prepare` makes on it, handed to `use`; after them, the server closed. (Kept out of helpers.ts,
 * which the benchmarks import outside vitest.)
 */
export function serverWith<T>(
  prepare: (ts: TestServer) => Promise<T>,
  use: (started: T & { ts: TestServer }) => void,
  ...args: Parameters<typeof startServer>
): void {
  let ts: TestServer | undefined;
  beforeAll(async () => {
    ts = await startServer(...args);
    use({ ...(await prepare(ts)), ts });
  });
  afterAll(() => ts?.close());
}

/** The setup of the files that check one user against another: two signed-up users, alice and bob. */
export function serverWithTwoUsers(
  use: (started: { ts: TestServer; alice: SignedUpUser; bob: SignedUpUser }) => void,
  ...args: Parameters<typeof startServer>
): void {
  serverWith(async (ts) => ({ alice: await signUp(ts), bob: await signUp(ts) }), use, ...args);
}
