import fs from 'node:fs';

/** Removes the temporary database and outbox of the run. */
export default function globalTeardown(): void {
  const dir = process.env.MAKO_E2E_DATA_DIR;
  if (dir && dir.includes('mako-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
