import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import {
  API_PREFIX,
  endpoints,
  toColonPath,
  type EndpointName,
  type ErrorBody,
  type ResponseOf,
  type ValidationIssue,
} from '@mako/contract';

/** What a mock resolver gets: the request, its path params and parsed URL. */
export interface MockRequestInfo {
  request: Request;
  params: Record<string, string>;
  url: URL;
}

/**
 * Answers one endpoint: returns the contract's response type (a fixture that does not satisfy it
 * is a type error) or any Response for errors and edge cases.
 */
export type MockResolver<N extends EndpointName> = (
  info: MockRequestInfo,
) => ResponseOf<N> | Response | Promise<ResponseOf<N> | Response>;

export interface MockOptions {
  /** Milliseconds before answering, or 'infinite' to stay loading forever. */
  delay?: number | 'infinite';
  /** Status of a successful answer; 200 unless the server documents otherwise. */
  status?: number;
}

/** The msw path of an endpoint under any origin: `*\/api/v1/tuning/session/:session_id`. */
export function endpointPattern(name: EndpointName): string {
  return `*${API_PREFIX}${toColonPath(endpoints[name].path)}`;
}

const methods = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;

/** An msw handler for one endpoint of the contract's table. */
export function mockEndpoint<N extends EndpointName>(
  name: N,
  resolver: MockResolver<N>,
  options: MockOptions = {},
): HttpHandler {
  const def = endpoints[name];
  return methods[def.method](endpointPattern(name), async ({ request, params }) => {
    if (options.delay !== undefined) await delay(options.delay);
    const answer = await resolver({ request, params: stringParams(params), url: new URL(request.url) });
    if (answer instanceof Response) return answer;
    return HttpResponse.json(answer as JsonBodyType, { status: options.status ?? 200 });
  });
}

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out[key] = value;
    else if (value && value[0] !== undefined) out[key] = value[0];
  }
  return out;
}

/** A FastAPI-style error answer: `{detail: string}`, or for 422 `{detail: [{loc, msg, type}]}`. */
export function errorResponse(status: number, detail: ErrorBody['detail'] | ValidationIssue[]): Response {
  return HttpResponse.json({ detail }, { status });
}

/** A handler that always fails with the given status and detail. */
export function mockError(
  name: EndpointName,
  status: number,
  detail: ErrorBody['detail'] | ValidationIssue[],
  options: MockOptions = {},
): HttpHandler {
  return mockEndpoint(name, () => errorResponse(status, detail), options);
}

/** A handler whose fetch rejects, as when the server is unreachable. */
export function mockNetworkError(name: EndpointName): HttpHandler {
  return mockEndpoint(name, () => HttpResponse.error());
}

/** The JSON body of a mocked request, or undefined when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.clone().json()) as unknown;
  } catch {
    return undefined;
  }
}
