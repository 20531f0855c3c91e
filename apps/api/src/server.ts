import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX, STATUS_TEXTS, buildOpenApi } from '@mako/contract';
import { explain } from '@mako/tuner';
import type { TunerInput, TunerOutput } from '@mako/tuner';
import type { Config } from './config.ts';
import { BackgroundTasks, type AppContext } from './context.ts';
import { createWorkerProposer } from './tuning/proposer.ts';
import type { PriorSetting } from './tuning/physics-prior.ts';
import { migrate, openDatabase } from './db/database.ts';
import { createMailer } from './mail/mailer.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createGoogleVerifier } from './auth/google.ts';
import { createAuthenticator } from './services/principal.ts';
import { HttpError, httpErrorOf, tooManyRequests } from './http/errors.ts';
import { GENERAL_BODY_LIMIT, registerEndpoints, type Handlers } from './http/register.ts';
import { loggerOptions } from './http/logging.ts';
import { ResponseCache } from './http/response-cache.ts';
import { serveDownloads } from './http/downloads.ts';
import { FIRST_GETS_SCRIPT_SOURCE, serveWebApp } from './http/web.ts';
import { parseUrlEncoded } from './http/text-input.ts';
import { DrainGate } from './http/shutdown.ts';
import { ANSWER_ENCODINGS, BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES } from './http/encodings.ts';
import { REQUEST_CHECK_INTERVAL_MS, clientErrorHandler, staticHeadersOf } from './http/client-errors.ts';
import { registerTestCheckout } from './http/test-checkout.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { authHandlers } from './handlers/auth.ts';
import { siteHandlers } from './handlers/site.ts';
import { siteSettingsOf } from './services/site-settings.ts';
import { catalogueHandlers } from './handlers/catalogue.ts';
import { tuningHandlers } from './handlers/tuning.ts';
import { accountHandlers } from './handlers/account.ts';
import { shareHandlers } from './handlers/share.ts';
import { plannerHandlers } from './handlers/planner.ts';
import { sweepHandlers } from './handlers/sweeps.ts';
import { seedDemoCatalogue } from './seed/demo.ts';
import { rebuildStaleDocuments } from './services/benchmarks/documents.ts';
import { rebuildPredictionErrors } from './services/predictions/running-error.ts';
import { CountCache, catalogueVersion } from './services/count-cache.ts';
import { databaseRateLimitStore } from './services/rate-limits.ts';
import { DomainError } from './services/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves. */
    endpoint?: string;
  }
}

/** A proposal slower than this is abandoned with 'Internal search error'. */
const PROPOSAL_TIMEOUT_MS = 30_000;

export { COMPRESSION_THRESHOLD_BYTES } from './http/encodings.ts';

export interface ServerOptions {
  /** Runs in-process instead of @mako/tuner in its worker thread: tests observe or break the tuner with it. */
  propose?: (input: TunerInput, prior?: PriorSetting | null) => TunerOutput;
}

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * Starts a graceful stop: no new connections, 503 and `Connection: close` for any further request
   * on open ones. Resolves once every connection has ended.
   */
  drain(): Promise<void>;
  /** Stops accepting, lets in-flight requests finish, then releases mail and database. */
  close(): Promise<void>;
}

/**
 * A policy governs only the document (or worker) it arrives with, so the app's policy matters on
 * HTML alone. Every other answer (JSON, scripts, fonts, images) gets the strictest policy, which
 * also stops an answer opened on its own (an SVG, a JSON body) from running or framing anything;
 * and it is 40 bytes where the app's is 600, on each of a page's requests.
 */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The policy of the web app's pages. */
function contentSecurityPolicy(config: Config) {
  const analytics = config.posthog.host ? [config.posthog.host] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script is the first-GETs script of some pages (http/web.ts), allowed by its hash.
      scriptSrc: ["'self'", FIRST_GETS_SCRIPT_SOURCE, 'https://accounts.google.com/gsi/client', ...analytics],
      // styled-components injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://accounts.google.com/gsi/', ...analytics],
      frameSrc: ['https://accounts.google.com/gsi/'],
      formAction: ["'self'", config.publicUrl],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // Over plain HTTP (a laptop, a LAN address) upgrading subresources to HTTPS would break the app.
      upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
    },
  };
}

/**
 * One access-log line per request, on completion, with the (redacted) request and its outcome:
 * Fastify's default writes a second line on arrival, which doubles the logging work per request.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

function errorBody(error: FastifyError & { detail?: unknown }) {
  const known = error instanceof DomainError ? httpErrorOf(error) : error;
  if (known instanceof HttpError) return { status: known.statusCode, detail: known.detail, headers: known.headers };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 422, detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: 'Unsupported media type' };
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500)
    return { status, detail: STATUS_TEXTS[status] ?? 'Bad Request' };
  return null;
}

export async function buildServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  // Security headers on every answer. The headers never vary by request, so helmet is set up
  // once here rather than per request (as its Fastify plugin does, re-parsing the CSP each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  const drainGate = new DrainGate();
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: GENERAL_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The drain gate answers requests during shutdown, with our body and headers.
    return503OnClosing: false,
    logController: new AccessLog(),
    forceCloseConnections: 'idle',
    // A client that stalls its headers or body is answered 408 and let go instead of holding its connection.
    requestTimeout: config.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(REQUEST_CHECK_INTERVAL_MS, config.requestTimeoutMs),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    // What Node's parser refuses never reaches a route: it gets our body and headers here.
    clientErrorHandler: clientErrorHandler({
      ...staticHeadersOf(securityHeaders),
      'content-security-policy': NON_DOCUMENT_CSP,
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseUrlEncoded },
    // URLs the router cannot decode (`/%ff`) never reach a route or its hooks: answer them here, in
    // our shape and with our headers, rather than with Fastify's body, which echoes the path.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      securityHeaders(request.raw, reply.raw, () => {
        // Hooks do not run for these answers: the JSON body's policy is set here.
        (reply as FastifyReply)
          .code(status)
          .header('content-security-policy', NON_DOCUMENT_CSP)
          .send({ detail: STATUS_TEXTS[status] ?? STATUS_CODES[status] ?? 'Bad Request' });
      });
    },
  });

  const database = openDatabase(config.databaseUrl, config.pgSearchPath ? { searchPath: config.pgSearchPath } : {});
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }

  const tasks = new BackgroundTasks(() => app.log);
  const injected = options.propose;
  const worker = injected ? null : createWorkerProposer(PROPOSAL_TIMEOUT_MS);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log: app.log,
    now: config.now,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    passwords: createPasswordHasher(config.argon2),
    accessTokens: createAccessTokens(config.jwtSecret, config.accessTokenTtlS, config.now),
    google: config.google.clientId
      ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl, config.now)
      : null,
    tasks,
    propose: injected ? async (input, prior) => injected(input, prior) : worker!.propose,
    // Tests that run the tuner in-process explain in-process too.
    explain: injected ? async (input) => explain(input) : worker!.explain,
    counts: new CountCache(config.countCacheEntries),
  };

  const stopPredicting = new AbortController();
  app.addHook('onClose', async () => {
    stopPredicting.abort();
    await tasks.drain();
    ctx.mailer.close();
    await worker?.close();
    await database.close();
  });

  try {
    const rebuilt = await rebuildStaleDocuments(ctx.db);
    if (rebuilt) app.log.info({ benchmarks: rebuilt }, 'Rebuilt the stored benchmark documents');
    tasks.run('Predicting the measured benchmarks', async () => {
      const predicted = await rebuildPredictionErrors(ctx.db, { signal: stopPredicting.signal });
      if (predicted)
        app.log.info({ benchmarks: predicted }, 'Predicted the measured benchmarks with the current perf-model');
    });
    if (config.seedDemo) await seedDemoCatalogue(ctx);

    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        reply.header('content-security-policy', NON_DOCUMENT_CSP);
      done(null, payload);
    });
    drainGate.install(app);
    await app.register(formbody, { bodyLimit: GENERAL_BODY_LIMIT, parser: parseUrlEncoded });
    // Dynamic answers (JSON) are compressed as they leave, at a brotli quality that costs about as
    // much CPU as gzip; the response cache's answers and the web app's files come compressed
    // already (register.ts, web.ts), which this leaves as they are.
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: [...ANSWER_ENCODINGS],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
    await app.register(rateLimit, {
      global: false,
      // Counted in the database, so that the limits hold for all server processes together.
      store: databaseRateLimitStore(ctx.db, ctx.now, tasks),
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    });

    // An empty JSON body means "no body" (e.g. next-configs with its default count). JSON is UTF-8:
    // bytes that are not are refused like any other invalid JSON rather than stored as U+FFFD.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        return done(new HttpError(422, [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]), undefined);
      }
      if (text === '') done(null, undefined);
      else parseJson(request, text, done);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = errorBody(error);
      if (!known) {
        request.log.error({ err: error }, 'Unhandled error');
        return reply.code(500).send({ detail: STATUS_TEXTS[500] });
      }
      if (known.status >= 500) request.log.error({ err: error }, 'Request failed');
      if ('headers' in known && known.headers) reply.headers(known.headers);
      return reply.code(known.status).send({ detail: known.detail });
    });

    const handlers: Handlers = {
      ...authHandlers(ctx),
      ...siteHandlers(ctx),
      ...catalogueHandlers(ctx),
      ...tuningHandlers(ctx),
      ...accountHandlers(ctx),
      ...shareHandlers(ctx),
      ...plannerHandlers(ctx),
      ...sweepHandlers(ctx),
    };
    registerEndpoints(app, {
      handlers,
      authenticate: createAuthenticator(ctx),
      validateResponses: config.validateResponses,
      authRateLimit: config.authRateLimit,
      cache: new ResponseCache({
        maxBytes: config.responseCache.maxMb * 1024 * 1024,
        ttlMs: config.responseCache.ttlS * 1000,
        now: config.now,
        readVersion: () => catalogueVersion(ctx.db),
      }),
    });

    const openApi = buildOpenApi(config.publicUrl);
    app.get(`${API_PREFIX}/openapi.json`, async () => openApi);
    // The test checkout lets anyone pay nothing: never in production, nor when a real choice was made.
    if (!config.stripe.secretKey && !config.plansFree && !config.production) registerTestCheckout(app, ctx);
    serveDownloads(app, config.runnerDist);
    await serveWebApp(app, config.webDist, siteSettingsOf(config));
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }

  return { app, ctx, drain: () => drainGate.begin(app.server), close: () => app.close() };
}
