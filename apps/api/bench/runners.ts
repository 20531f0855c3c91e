/**
 * Tuning-lease contention: 20 runners with 5 ms evaluations on one session with max_parallel 4
 * (the real tuner in its worker thread, a real server and database). Reports, per database, the
 * most and the mean (time-weighted) leases held at once (as the server held them, and the part the
 * runners spent evaluating), the leases and the 409 answers.
 *
 *   pnpm --filter @mako/api bench:runners                      # SQLite
 *   MAKO_TEST_PG_URL=postgres://… pnpm --filter @mako/api bench:runners   # SQLite, then PostgreSQL
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { session } from '../test/fixtures.ts';

const RUNNERS = 20;
const EVALUATION_MS = 5;
const MAX_PARALLEL = 4;
const MAX_TRIALS = 80;

async function measure() {
  // helpers.ts reads MAKO_TEST_DB when loaded, so each database runs in a process of its own.
  const { ok, signUp, startServer } = await import('../test/helpers.ts');
  const { heldOnServer, runRunners } = await import('../test/runners.ts');
  const server = await startServer({ leaseTtlS: 60, logLevel: 'warn' });
  try {
    const user = await signUp(server);
    const s = await ok(server, 'createSession', {
      token: user.token,
      body: session({ budget: { max_trials: MAX_TRIALS, max_parallel: MAX_PARALLEL } }),
    });
    const started = performance.now();
    const figures = await runRunners({
      servers: [server],
      token: user.token,
      sessionId: s.id,
      runners: RUNNERS,
      evaluationMs: EVALUATION_MS,
    });
    const seconds = (performance.now() - started) / 1000;
    const held = await heldOnServer(server.server.ctx.db, s.id);
    console.log(
      `${server.server.ctx.dialect.padEnd(8)} leases ${figures.leases}, 409s ${figures.conflicts}, ${seconds.toFixed(1)} s; ` +
        `held on the server: max ${held.maxHeld}/${MAX_PARALLEL}, mean ${held.meanHeld.toFixed(2)}; ` +
        `by the runners (evaluating): max ${figures.maxHeld}, mean ${figures.meanHeld.toFixed(2)}` +
        (figures.duplicateTrials.length ? `, DUPLICATE trials ${figures.duplicateTrials.join(',')}` : ''),
    );
  } finally {
    await server.close();
  }
}

if (process.argv[2] === '--measure') {
  await measure();
} else {
  console.log(
    `${RUNNERS} runners, ${EVALUATION_MS} ms evaluations, max_parallel ${MAX_PARALLEL}, ${MAX_TRIALS} trials`,
  );
  const databases: Record<string, string>[] = [{ MAKO_TEST_DB: 'sqlite' }];
  if (process.env.MAKO_TEST_PG_URL) databases.push({ MAKO_TEST_DB: 'postgres' });
  for (const env of databases) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure'], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
