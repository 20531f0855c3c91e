import { ConfigError, loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { becomeClusterPrimary, workerCount } from './cluster.ts';

/** Longest we wait for in-flight requests after SIGTERM before giving up on them. */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  let config, workers;
  try {
    config = loadConfig();
    workers = workerCount();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // With WEB_CONCURRENCY > 1 this process migrates and seeds once, then supervises the workers.
  if (await becomeClusterPrimary(workers, () => buildServer(config).then((s) => s.close()))) return;
  const server = await buildServer(config);
  const { app } = server;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down: refusing new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('In-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    server.close().then(
      () => {
        app.log.info('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`MakoOptimize on ${config.publicUrl} (database: ${server.ctx.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
