import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../src/engine/engine.ts';
import { EMULATOR_CLI, TSX_IMPORT } from '../test/helpers.ts';

export const EMULATED_MODEL = 'mako/emulated-model';

/**
 * The loopback emulator as a separate process (as a real engine is), so its work does not share the
 * benchmarked client's event loop: by default 20 ms to the first token, then one every 5 ms (other
 * emulator-cli flags in `flags`). Resolves once it answers /health.
 */
export async function startEmulatorProcess(
  flags: readonly string[] = ['--ttft-ms', '20', '--itl-ms', '5'],
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', TSX_IMPORT, EMULATOR_CLI, '--port', String(port), '--model', EMULATED_MODEL, ...flags],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, process: child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the emulator did not answer /health within 20 s');
}

/** The median of the runs' figures (the mean of the middle two for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
