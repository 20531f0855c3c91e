import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { call, ok, signUp, startServer } from './helpers.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What production needs besides a payment choice. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48), SMTP_URL: 'smtp://mail.example.com' };

/** Issue 23: production without Stripe served the test checkout, where any plan is "paid" for nothing. */
describe('production refuses to give plans away by accident', () => {
  it('refuses paid plans without a payment provider, unless PLANS_FREE says they are free', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(ConfigError);
    expect(() => loadConfig(PRODUCTION)).toThrow(/STRIPE_SECRET_KEY must be set .* or PLANS_FREE=true/);
    expect(loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_x' }).stripe.secretKey).toBe('sk_live_x');
    expect(loadConfig({ ...PRODUCTION, PLANS_FREE: 'true' }).plansFree).toBe(true);
    // Both at once would leave it unclear whether plans cost anything.
    expect(() => loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_x', PLANS_FREE: 'true' })).toThrow(/not both/);
    // Development keeps its test checkout.
    expect(loadConfig({}).plansFree).toBe(false);
  });

  it('the process exits 1 with the reason', async () => {
    const { DATABASE_URL: _database, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...inherited,
        ...PRODUCTION,
        SEED_DEMO: 'false',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mako-prod-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Refusing to start in production/);
    expect(output).toMatch(/STRIPE_SECRET_KEY/);
  }, 30_000);

  it('with PLANS_FREE in production a checkout activates its plan without the test page, which is not served', async () => {
    const ts = await startServer({ production: true, plansFree: true });
    try {
      const user = await signUp(ts);
      const checkout = await ok(ts, 'createCheckout', { token: user.token, body: { plan_id: 'enterprise' } });
      expect(checkout).toEqual({
        id: checkout.id,
        mode: 'free',
        checkout_url: `${ts.config.publicUrl}/subscription/success?session_id=${checkout.id}`,
      });
      const page = await fetch(`${ts.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}`);
      expect(page.status).toBe(404);
      const pay = await fetch(`${ts.baseUrl}${API_PREFIX}/subscription/test-checkout/${checkout.id}/pay`, {
        method: 'POST',
      });
      expect(pay.status).toBe(404);
      const sub = await ok(ts, 'confirmCheckout', { token: user.token, body: { session_id: checkout.id } });
      expect(sub.plan.id).toBe('enterprise');
      // Another user cannot confirm it.
      const other = await signUp(ts);
      expect(
        (await call(ts, 'confirmCheckout', { token: other.token, body: { session_id: checkout.id } })).status,
      ).toBe(404);
    } finally {
      await ts.close();
    }
  });
});
