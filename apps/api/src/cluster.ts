import cluster, { type Worker } from 'node:cluster';
import { ConfigError } from './config.ts';

/** Most worker processes WEB_CONCURRENCY may ask for. */
const MAX_WORKERS = 64;
/** More unexpected worker exits than this within the window means a crash loop: the server stops. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 60_000;
/** Longest the primary waits for its workers after a signal (theirs is 25 s) before killing them. */
const STOP_GRACE_MS = 30_000;

/** The number of server processes WEB_CONCURRENCY asks for (default 1); throws on anything else than 1–64. */
export function workerCount(env: Record<string, string | undefined> = process.env): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS)
    throw new ConfigError(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WORKERS}, not '${raw}'`);
  return count;
}

const say = (message: string) => console.error(`[cluster ${process.pid}] ${message}`);

/**
 * With several workers asked for, turns this process into the cluster's primary and answers true:
 * it runs `prepare` once (migrations and the demo seed, so that the workers find them done instead
 * of racing each other), forks the workers (each re-runs the entry script, whether TypeScript
 * sources or a bundle, and serves on the shared port), replaces a worker that dies unexpectedly
 * unless they keep dying, forwards SIGTERM and SIGINT to the workers, waits for them and exits.
 * Answers false in a worker or when one process is asked for: the caller then serves itself.
 */
export async function becomeClusterPrimary(workers: number, prepare: () => Promise<void>): Promise<boolean> {
  if (workers <= 1 || !cluster.isPrimary) return false;
  await prepare();

  let stopping = false;
  let failed = false;
  const crashes: number[] = [];
  const live = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        if (live.size === 0) process.exit(failed ? 1 : 0);
        return;
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
      say(`worker ${worker.process.pid} exited unexpectedly (${signal ?? `code ${code}`})`);
      if (crashes.length > CRASH_LIMIT) {
        say(`${crashes.length} workers died within ${CRASH_WINDOW_MS / 1000} s; stopping the server`);
        failed = true;
        stop('SIGTERM');
        if (live.size === 0) process.exit(1);
        return;
      }
      fork();
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping ${live.size} worker(s)`);
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => {
      say('workers did not stop in time; killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < workers; i++) fork();
  say(`started ${workers} workers`);
  return true;
}
