import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  API_PREFIX,
  endpoints,
  toColonPath,
  toValidationIssues,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  type ResponseOf,
} from '@mako/contract';
import type { Principal } from '../services/principal.ts';
import { HttpError, unauthorized } from './errors.ts';
import type { CachedAnswer, ResponseCache } from './response-cache.ts';
import { negotiateEncoding } from './encodings.ts';
import { JsonText } from './json-text.ts';
import { findTextIssues, isMalformed } from './text-input.ts';
import { requireMediaType } from './media-type.ts';
import { requireScope } from './token-scopes.ts';

export const GENERAL_BODY_LIMIT = 1024 * 1024;
export const AUTH_BODY_LIMIT = 16 * 1024;

type Out<T> = T extends z.ZodMiniType ? z.output<T> : undefined;
type Part<N extends EndpointName, K extends 'body' | 'query' | 'params'> = Endpoints[N] extends { [P in K]: infer S }
  ? Out<S>
  : undefined;

export interface RequestContext<N extends EndpointName> {
  params: Part<N, 'params'>;
  query: Part<N, 'query'>;
  body: Part<N, 'body'>;
  principal: Endpoints[N]['auth'] extends 'bearer' ? Principal : Principal | null;
  /**
   * The catalogue version this request reads at, when the response cache took it (cacheable calls);
   * other caches of the answer file their entries under the same version instead of reading it again.
   */
  catalogueVersion: number | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<N extends EndpointName> = (
  rc: RequestContext<N>,
) => Promise<ResponseOf<N> | JsonText<ResponseOf<N>>>;
export type Handlers = { [N in EndpointName]: Handler<N> };

export interface RegisterOptions {
  handlers: Handlers;
  authenticate: (request: FastifyRequest) => Promise<Principal | null>;
  validateResponses: boolean;
  authRateLimit: { max: number; windowS: number };
  cache: ResponseCache;
}

/**
 * Read-only calls whose answers depend only on the caller and the benchmark catalogue (the
 * benchmarks and benchmark_settings tables, whose triggers bump the catalogue version).
 */
const CACHEABLE = new Set<EndpointName>([
  'searchBenchmarks',
  'listSettings',
  'getSetting',
  'listBySetting',
  'listBySettingNoSession',
  'getBenchmark',
  'bestBenchmarkReport',
  'supportedRuntimeOptions',
  'publicBenchmark',
  'publicSetting',
]);

function parsePart(where: 'path' | 'query' | 'body', schema: z.ZodMiniType | undefined, value: unknown): unknown {
  // Checked even where the part is ignored: an undecodable query string is a malformed request.
  if (isMalformed(value)) {
    if (where === 'query') throw new HttpError(400, 'Bad Request');
    throw new HttpError(422, [{ loc: [where], msg: 'Form decode error', type: 'form_invalid' }]);
  }
  if (!schema) return undefined;
  const textIssues = findTextIssues(where, value);
  if (textIssues.length > 0) throw new HttpError(422, textIssues);
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(422, toValidationIssues(where, result.error));
  return result.data;
}

/** A cached answer, compressed already when it says so (the compression plugin then leaves it as it is). */
function sendCached(reply: FastifyReply, answer: CachedAnswer) {
  reply.type('application/json; charset=utf-8');
  if (answer.encoding !== null) reply.header('content-encoding', answer.encoding).header('vary', 'Accept-Encoding');
  return reply.send(answer.body);
}

/**
 * The burst-limit budget a throttled call draws on. Public share pages get their own: anyone may
 * read them many times over, and that reading must not use up the survey's (or any other) budget.
 * So does the planner, whose CPU-costly plans must neither use up nor be used up by the survey.
 */
const isSharePage = (def: EndpointDef) => def.path.startsWith('/public/');
const burstGroup = (def: EndpointDef): string =>
  isSharePage(def) ? 'public' : def.path.startsWith('/planner/') ? 'planner' : def.group;

/**
 * A share page's reads are counted per client address and shared object (its route and id): everyone behind one proxy address would otherwise share a single budget for
 * every share page they open, while one client reading one page over and over is still held back.
 */
const sharedObjectKey = (request: FastifyRequest) => {
  // The id is hashed: the key is stored before the path is validated, and a NUL or a lone
  // surrogate in it is text PostgreSQL cannot keep (a 500 instead of the 422 validation gives).
  const ids = Object.values(request.params as Record<string, string>).join(' ');
  return `${request.ip} ${request.routeOptions.url} ${createHash('sha256').update(ids).digest('base64url')}`;
};

/**
 * Registers one route per row of the contract's endpoint table: the body's media type first (the
 * row's, JSON unless it says form), then authentication (as FastAPI resolves security dependencies
 * before reporting validation errors), then path, query and body validation (text no database can
 * keep, then the row's zod schemas), then the handler.
 */
export function registerEndpoints(app: FastifyInstance, options: RegisterOptions): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const def: EndpointDef = endpoints[name];
    const handler = options.handlers[name] as Handler<EndpointName>;
    const cacheable = CACHEABLE.has(name);
    const { cache } = options;
    // Calls that document a 429 are the ones open to anonymous abuse: they get the per-IP burst limit.
    const throttled = def.auth !== 'bearer' && (def.errors ?? []).includes(429);
    app.route({
      method: def.method,
      url: `${API_PREFIX}${toColonPath(def.path)}`,
      bodyLimit: def.group === 'auth' ? AUTH_BODY_LIMIT : GENERAL_BODY_LIMIT,
      preParsing: requireMediaType(def.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'),
      config: {
        endpoint: name,
        ...(throttled
          ? {
              rateLimit: {
                max: options.authRateLimit.max,
                timeWindow: options.authRateLimit.windowS * 1000,
                groupId: burstGroup(def),
                ...(isSharePage(def) ? { keyGenerator: sharedObjectKey } : {}),
              },
            }
          : {}),
      },
      handler: async (request, reply) => {
        let principal: Principal | null = null;
        if (def.auth !== 'none') {
          principal = await options.authenticate(request);
          // A token that was sent but does not verify is an error even where one is optional.
          if (!principal && request.headers.authorization) throw unauthorized();
          if (!principal && def.auth === 'bearer') throw unauthorized('Not authenticated');
          if (principal) requireScope(def, principal);
        }
        reply.header('cache-control', 'no-store');
        const cacheKey = cacheable && cache.enabled ? `${principal?.user.id ?? '-'} ${request.url}` : null;
        const version = cacheKey !== null ? await cache.currentVersion() : null;
        const encoding = cacheKey !== null ? negotiateEncoding(request.headers['accept-encoding']) : null;
        if (cacheKey !== null && version !== null) {
          const hit = cache.getEncoded(cacheKey, version, encoding);
          if (hit !== undefined) return sendCached(reply, hit);
        }
        const params = parsePart('path', def.params, request.params);
        const query = parsePart('query', def.query, request.query ?? {});
        const body = parsePart('body', def.body, request.body);
        const result = await handler({
          params,
          query,
          body,
          principal,
          catalogueVersion: version,
          request,
          reply,
        } as RequestContext<EndpointName>);
        const json = result instanceof JsonText ? result.body : null;
        if (options.validateResponses) {
          const checked = def.response.safeParse(json === null ? result : JSON.parse(json.toString()));
          if (!checked.success) {
            request.log.error({ endpoint: name, issues: checked.error.issues }, 'Response does not match the contract');
            throw new Error(`Response of ${name} does not match the contract`);
          }
        }
        if (cacheKey === null || version === null)
          return json === null ? result : reply.type('application/json; charset=utf-8').send(json);
        const serialized = Buffer.isBuffer(json) ? json : Buffer.from(json ?? JSON.stringify(result));
        cache.set(cacheKey, serialized, version);
        // Compressed into the entry now, so that the next requests find the bytes they will be sent.
        const stored = cache.getEncoded(cacheKey, version, encoding);
        return stored ? sendCached(reply, stored) : reply.type('application/json; charset=utf-8').send(serialized);
      },
    });
  }
}
