import { ok, signUp, type TestServer, type startServer } from './helpers.ts';
import { serverWith, type SignedUpUser } from './two-users.ts';

/** The setup of the files that post as a runner does: a signed-up user, alice, and the secret of an API token of hers. */
export function serverWithRunner(
  use: (started: { ts: TestServer; alice: SignedUpUser; runner: string }) => void,
  ...args: Parameters<typeof startServer>
): void {
  serverWith(
    async (ts) => {
      const alice = await signUp(ts);
      const token = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'runner' } });
      return { alice, runner: token.secret };
    },
    use,
    ...args,
  );
}
