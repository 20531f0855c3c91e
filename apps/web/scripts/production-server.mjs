// Starts the compiled production server (apps/api/dist, serving apps/web/dist) for the measuring
// scripts: a free port, a fresh SQLite database and mail outbox in a temporary DATA_DIR, and the
// demo catalogue, so that the pages show what a visitor of a new deployment sees.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRoot = path.resolve(webRoot, '../api');
const API = '/api/v1';
/** Seeding the demo catalogue takes a while on a busy machine. */
const STARTUP_TIMEOUT_MS = 180_000;

/** A port nothing listens on now (the server, and lighthouse's Chrome, are started on one). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startProductionServer() {
  for (const [file, build] of [
    [path.join(webRoot, 'dist/index.html'), 'pnpm --filter @mako/web build'],
    [path.join(apiRoot, 'dist/main.js'), 'pnpm --filter @mako/api build'],
  ]) {
    if (!fs.existsSync(file)) throw new Error(`No ${path.relative(process.cwd(), file)}: run \`${build}\` first.`);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-measure-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      MAIL_COOLDOWN_S: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`The server exited with code ${child.exitCode} while starting`);
    }
    const healthy = await fetch(`${origin}${API}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`The server did not answer on ${origin} within ${STARTUP_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  /** Signs up through the verification mail, as the web app does; returns the access token. */
  async function signUp(email) {
    const post = async (url, body) => {
      const response = await fetch(`${origin}${API}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    await post('/users/register/email-verification-token', { email, application: 'MakoOptimize' });
    const token = await verificationToken(path.join(dataDir, 'outbox'), email);
    const registered = await post('/users/register', { email_verification_token: token });
    return registered.token.access_token;
  }

  return { origin, signUp, close };
}

async function verificationToken(outbox, email) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    for (const name of names) {
      // Quoted-printable soft line breaks would cut the link.
      const raw = fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '');
      if (!raw.includes(email)) continue;
      const match = raw.match(/verify-email\?token=3D([A-Za-z0-9%._~-]+)|verify-email\?token=([A-Za-z0-9%._~-]+)/);
      if (match) return decodeURIComponent(match[1] ?? match[2]);
    }
    if (Date.now() > deadline) throw new Error(`No verification mail for ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
