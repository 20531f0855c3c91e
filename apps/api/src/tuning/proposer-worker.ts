import { parentPort } from 'node:worker_threads';
import { explain, propose } from '@mako/tuner';
import { cachedPhysicsPrior } from './physics-prior.ts';
import type { TunerTask } from './proposer.ts';

// The tuner fits surrogate models (tens to hundreds of ms of CPU per call): it runs here so that
// the server's event loop keeps answering other requests meanwhile.
parentPort?.on('message', (message: { id: number } & TunerTask) => {
  try {
    const output =
      message.task === 'explain'
        ? explain(message.input)
        : propose(message.prior ? { ...message.input, prior: cachedPhysicsPrior(message.prior) } : message.input);
    parentPort?.postMessage({ id: message.id, output });
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
