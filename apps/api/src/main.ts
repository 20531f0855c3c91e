import { ConfigError, loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { shutDownOnSignals } from './http/shutdown.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
