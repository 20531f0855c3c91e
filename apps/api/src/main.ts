import { ConfigError, loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { shutDownOnSignals } from './http/shutdown.ts';
import { becomeClusterPrimary, workerCount } from './cluster.ts';

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

  shutDownOnSignals(server, app.log);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`MakoOptimize on ${config.publicUrl} (database: ${server.ctx.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
