import { endpoints, type EndpointName, type Endpoints, type ResponseOf } from '@mako/contract';
import { call, type CallArgs, type CallOptions } from './call.ts';
import { getApiConfig } from './config.ts';
import { urlOf } from './core/call.ts';

export { formBody } from './core/call.ts';

/** What one call of endpoint N takes: path params and body when the endpoint has them, an optional query. */
export type RequestOptions<N extends EndpointName> = CallOptions<Endpoints[N]>;

/** The options argument is optional exactly when nothing in it is required. */
export type RequestArgs<N extends EndpointName> = CallArgs<Endpoints[N]>;

/** The absolute URL of a call, with path params filled in and empty query values dropped. */
export function endpointUrl(
  name: EndpointName,
  options: { params?: Record<string, string | number>; query?: object; baseUrl?: string } = {},
): string {
  return urlOf(endpoints[name], options.baseUrl ?? getApiConfig().baseUrl, options);
}

/**
 * Calls one endpoint of the contract's table by name (see `call`). Importing this brings in the
 * whole table with every entity schema; code on the first page calls `call` with one definition.
 */
export function request<N extends EndpointName>(name: N, ...args: RequestArgs<N>): Promise<ResponseOf<N>> {
  return call(endpoints[name], ...args) as Promise<ResponseOf<N>>;
}

/** One function per endpoint of the table: `api.getSession({ params: { session_id } })`. */
export type Api = { [N in EndpointName]: (...args: RequestArgs<N>) => Promise<ResponseOf<N>> };

export const api: Api = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [
    name,
    (...args: RequestArgs<typeof name>) => request(name, ...args),
  ]),
) as unknown as Api;
