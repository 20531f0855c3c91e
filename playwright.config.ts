import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against `pnpm start` (the built web app served by the real API) on a free port,
 * with a fresh SQLite database and mail outbox in a temporary DATA_DIR. The config is evaluated
 * again in every worker; the port and directory chosen by the first evaluation reach the workers
 * through the environment.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

process.env.MAKO_E2E_PORT ??= String(await freePort());
process.env.MAKO_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mako-e2e-'));

const port = process.env.MAKO_E2E_PORT;
// 127.0.0.1, not localhost: the server names itself by this origin in the settings and mail links.
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: a real server, database and browser on a shared 2-core machine can stall once; a real defect fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'pnpm start',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.MAKO_E2E_DATA_DIR,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1 with its own address: the per-address cooldown and the
      // per-IP limit protect real users, not this run.
      MAIL_COOLDOWN_S: '0',
      AUTH_RATE_LIMIT_MAX: '10000',
    },
  },
});
