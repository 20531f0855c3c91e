import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeApiForTest, pidAlive, startCli, tuneArgs, waitFor } from './helpers.ts';

const TOKEN = 'mako_InterruptTest0123456789abcdefghijkl';

const pidsIn = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];

describe('Ctrl-C leaves no orphan engine', () => {
  it.each([
    ['SIGINT', 130, 'while the benchmark runs', '--ttft-ms 50 --itl-ms 5', 'benchmarking'],
    ['SIGTERM', 143, 'while the engine is still starting', '--fail-startup hang', 'trial 1:'],
  ] as const)(
    '%s (exit %s) %s: the runner stops the engine, its forked worker and its process group',
    async (signal, exitCode, _when, engineFlags, marker) => {
      const api = await fakeApiForTest({
        token: TOKEN,
        configs: [{ max_num_seqs: 4 }],
        workload: { num_requests: 100_000, max_concurrency: 4 },
      });
      const pidFile = join(mkdtempSync(join(tmpdir(), 'mako-int-')), 'pids');
      const cli = startCli(
        [
          ...tuneArgs(api.sessionId, `${engineFlags} --spawn-worker --pid-file ${pidFile}`),
          '--warmup',
          '0',
          '--log-dir',
          mkdtempSync(join(tmpdir(), 'mako-int-logs-')),
        ],
        { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      );
      await waitFor(
        () => cli.out.stdout.includes(marker) && pidsIn(pidFile).length === 2,
        60_000,
        `${marker} and two engine pids`,
      );
      const pids = pidsIn(pidFile);
      expect(pids.every(pidAlive)).toBe(true);
      cli.child.kill(signal);
      const result = await cli.done;
      if (result.code !== exitCode) console.error(result.stdout, result.stderr);
      expect(result.code).toBe(exitCode);
      expect(result.stderr).toContain('Interrupted: the engine was stopped');
      // The engine, its shell and the worker it forked are all gone, not re-parented and left running.
      expect(pids.filter(pidAlive)).toEqual([]);
      expect(api.results).toEqual([]);
    },
    90_000,
  );
});
