import net from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { STATUS_TEXTS } from '@mako/contract';

/**
 * Longest we keep open connections after a stop signal so that clients with kept-alive sockets
 * send their next request there (and are told 503 + `Connection: close`) rather than have the
 * socket reset under them.
 */
export const DRAIN_LINGER_MS = 2_000;
/** Longest we wait for in-flight requests after a stop signal before giving up on them. */
export const SHUTDOWN_GRACE_MS = 25_000;
const CONNECTION_POLL_MS = 50;

/**
 * Answers every request that arrives once shutdown began with 503 and `Connection: close`, and
 * closes the sockets of in-flight requests after their answer, so that clients move elsewhere.
 */
export class DrainGate {
  #draining = false;
  #ended: Promise<void> | undefined;

  get draining(): boolean {
    return this.#draining;
  }

  /** Adds the hooks; call it after the security-header hook so the 503 carries those headers. */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', (_request, reply, done) => {
      if (!this.#draining) return done();
      reply.code(503).send({ detail: STATUS_TEXTS[503] });
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (this.#draining) reply.header('connection', 'close');
      done(null, payload);
    });
  }

  /**
   * Stops accepting connections but, unlike http.Server#close, leaves the idle kept-alive ones
   * open. Resolves once every connection has ended.
   */
  begin(server: HttpServer): Promise<void> {
    this.#draining = true;
    this.#ended ??= new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    return this.#ended;
  }
}

/** What a graceful stop needs of a running server (server.ts's Server), named here so this module need not import it. */
export interface StoppableServer {
  app: { server: HttpServer };
  drain(): Promise<void>;
  close(): Promise<void>;
}

const openConnections = (server: HttpServer) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * Stops gracefully: drain (no new connections, 503 on open ones), wait until the clients have
 * left or DRAIN_LINGER_MS passed, then close (in-flight requests finish, queued mail is sent, the
 * database is closed) and exit 0. Exits 1 when that takes longer than SHUTDOWN_GRACE_MS.
 */
export async function shutDown(server: StoppableServer, log: FastifyBaseLogger, signal: string): Promise<never> {
  log.info({ signal }, 'Shutting down: refusing new connections, finishing in-flight requests');
  const timer = setTimeout(() => {
    log.error('In-flight requests did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  try {
    const ended = server.drain();
    const http = server.app.server;
    const lingerEnd = Date.now() + DRAIN_LINGER_MS;
    while (Date.now() < lingerEnd && (await openConnections(http)) > 0)
      await new Promise((resolve) => setTimeout(resolve, CONNECTION_POLL_MS));
    // Whoever has not sent anything by now is not coming back; in-flight requests go on.
    http.closeIdleConnections();
    await ended;
    await server.close();
  } catch (error) {
    log.error({ err: error }, 'Error while shutting down');
    process.exit(1);
  }
  log.info('Stopped');
  process.exit(0);
}

/** Shuts down once on SIGTERM or SIGINT. */
export function shutDownOnSignals(server: StoppableServer, log: FastifyBaseLogger): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void shutDown(server, log, signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
