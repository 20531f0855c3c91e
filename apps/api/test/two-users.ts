import { afterAll, beforeAll } from 'vitest';
import { signUp, startServer, type TestServer } from './helpers.ts';

export type SignedUpUser = Awaited<ReturnType<typeof signUp>>;

/**
 * The setup of the files that check one user against another: before the file's tests, a server
 * (started with `startServer`'s arguments) and two signed-up users, alice and bob, handed to `use`;
 * after them, the server closed. (Kept out of helpers.ts, which the benchmarks import outside vitest.)
 */
export function serverWithTwoUsers(
  use: (started: { ts: TestServer; alice: SignedUpUser; bob: SignedUpUser }) => void,
  ...args: Parameters<typeof startServer>
): void {
  let ts: TestServer | undefined;
  beforeAll(async () => {
    ts = await startServer(...args);
    use({ ts, alice: await signUp(ts), bob: await signUp(ts) });
  });
  afterAll(() => ts?.close());
}
