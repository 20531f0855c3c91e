import type * as z from 'zod/mini';
import * as endpoints from './endpoint-rows/index.ts';

/**
 * The endpoint table as one object, operation name → row. It is the namespace of
 * endpoint-rows/: `endpoints.me` is a static reference the bundler resolves to that one row.
 * Its keys come in alphabetical order (as a module namespace's do).
 */
export { endpoints };
export { def, type EndpointDef, type HttpMethod } from './endpoint-def.ts';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : never;
type Input<T> = T extends z.ZodMiniType ? z.input<T> : never;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Input<B> : never;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? Input<Q> : never;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P } ? Infer<P> : never;

export {
  ACCESS_TOKEN_KEY,
  API_PREFIX,
  BENCHMARK_SEARCH_PATH,
  FIRST_GETS_ELEMENT_ID,
  FIRST_GETS_GLOBAL,
  PAGE_FIRST_GETS_FILE,
  ROUTE_PRELOADS_FILE,
  SITE_SETTINGS_ELEMENT_ID,
  apiBaseFromLoginUrl,
  buildPath,
  trimSlash,
  toColonPath,
  toSearchParams,
} from './paths.ts';
