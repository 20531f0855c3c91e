import { parentPort } from 'node:worker_threads';
import { propose, type TunerInput } from '@mako/tuner';

// The tuner fits a surrogate model per proposal (tens to hundreds of ms of CPU): it runs here so
// that the server's event loop keeps answering other requests meanwhile.
parentPort?.on('message', (message: { id: number; input: TunerInput }) => {
  try {
    parentPort?.postMessage({ id: message.id, output: propose(message.input) });
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
