import { Worker } from 'node:worker_threads';
import type { ExplainInput, Explanation, TunerInput, TunerOutput } from '@mako/tuner';
import type { PriorSetting } from './physics-prior.ts';

// From the sources (tests, `pnpm dev`) the thread first registers tsx to load the TypeScript worker;
// the build (scripts/build.mjs) compiles the worker to dist/proposer-worker.js, next to the server.
const THREAD_ENTRY = import.meta.url.endsWith('.ts') ? './proposer-thread.mjs' : './proposer-worker.js';

/** `prior`: the setting the worker predicts the objective for (physics-prior.ts), when it helps. */
export type Proposer = (input: TunerInput, prior?: PriorSetting | null) => Promise<TunerOutput>;
export type Explainer = (input: ExplainInput) => Promise<Explanation | { error: string }>;

/** What the worker thread does: `propose` for runners, `explain` for the session page. */
export type TunerTask =
  { task: 'propose'; input: TunerInput; prior?: PriorSetting | null } | { task: 'explain'; input: ExplainInput };

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Runs the tuner in a worker thread, one call at a time in arrival order. A call that takes longer
 * than `timeoutMs`, or a worker that dies, fails the calls waiting on it (a proposal's caller
 * answers 'Internal search error') and the next call starts a fresh worker.
 */
export function createWorkerProposer(timeoutMs: number) {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(error);
      pending.delete(id);
    }
  };

  function start(): Worker {
    const w = new Worker(new URL(THREAD_ENTRY, import.meta.url), { execArgv: [] });
    w.on('message', (message: { id: number; output?: unknown; error?: string }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      clearTimeout(p.timer);
      if (message.output) p.resolve(message.output);
      else p.reject(new Error(message.error ?? 'The tuner failed'));
    });
    w.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('The tuner worker exited'));
    });
    w.unref();
    return w;
  }

  const call = (work: TunerTask) =>
    new Promise<unknown>((resolve, reject) => {
      worker ??= start();
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`The tuner took longer than ${timeoutMs} ms`));
        // A runaway call would hold up every later one: start over with a fresh worker.
        void worker?.terminate();
        worker = null;
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, ...work });
    });

  return {
    propose: ((input, prior) => call({ task: 'propose', input, prior: prior ?? null })) as Proposer,
    explain: ((input) => call({ task: 'explain', input })) as Explainer,
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
