import {
  API_MESSAGES,
  GENERIC_ERROR,
  STATUS_TEXTS,
  endpoints,
  type BodyOf,
  type EndpointDef,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type User,
} from '@mako/contract';
import {
  ApiError,
  NetworkError,
  ResponseSchemaError,
  sendCall,
  type CallDef,
  type CoreCallOptions,
} from '@mako/api-client/core';

/** The API's errors are the api-client's (one set for the web app and the runner); commands catch them from here. */
export { ApiError, NetworkError, ResponseSchemaError };

/**
 * There is deliberately no default API address: the MakoOptimize server and vLLM both listen on
 * port 8000 by default, so a guessed http://127.0.0.1:8000/api/v1 would as likely reach the engine
 * under test as our API. Getting started shows the line that sets MAKO_API_URL.
 */
export const API_URL_MISSING =
  "MakoOptimize's address is not set: export MAKO_API_URL=https://YOUR-SERVER/api/v1 (Getting started shows the line) or pass --api-url";

/** How long one call may take before the runner counts the API as unreachable. */
const CALL_TIMEOUT_MS = 60_000;

type CallInput<N extends EndpointName> = {
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
};

/**
 * The runner's only way to talk to MakoOptimize: every call is a row of the contract's endpoint
 * table sent through the api-client's core, every body is checked against its schema before it
 * leaves, and every answer is parsed with the response schema. The token travels in the
 * Authorization header only and is never part of a message.
 */
export class MakoApi {
  readonly baseUrl: string;
  readonly #token: string | undefined;

  constructor(options: { baseUrl: string; token?: string | undefined }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
  }

  get hasToken(): boolean {
    return Boolean(this.#token);
  }

  async call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<ResponseOf<N>> {
    const def = endpoints[name] as EndpointDef;
    let body: unknown;
    if (def.body) {
      const checked = def.body.safeParse(input.body);
      // Our own request breaking the contract is a bug in the runner, not something the API said.
      if (!checked.success)
        throw new Error(
          `Refusing to send an invalid ${name} request: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      body = checked.data;
    }
    // The input is typed by the endpoint's name (CallInput<N>); the core's per-definition types cannot see through N.
    const options = {
      params: input.params,
      query: input.query,
      body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    } as CoreCallOptions<CallDef>;
    try {
      return (await sendCall(def as CallDef, options, {
        baseUrl: this.baseUrl,
        token: this.#token ?? null,
        fetch: (url, init) => fetch(url, init),
      })) as ResponseOf<N>;
    } catch (error) {
      throw inRunnerWords(name, this.baseUrl, error);
    }
  }
}

/**
 * The api-client's error for a terminal: the message names the endpoint, the status and the
 * server's explanation (`getSession: 404 Not Found: Tuning session not found`), or the address that
 * could not be reached; a call that timed out counts as unreachable. Anything else passes as it is.
 */
function inRunnerWords(name: EndpointName, baseUrl: string, error: unknown): unknown {
  if (error instanceof ApiError) {
    const statusText = STATUS_TEXTS[error.status] ?? (error.status === 422 ? API_MESSAGES[422] : GENERIC_ERROR);
    const raw = typeof error.body === 'string' ? error.body.slice(0, 300) : '';
    return reworded(error, `${name}: ${error.status} ${statusText}: ${error.detail ?? (raw || error.statusText)}`);
  }
  if (error instanceof NetworkError || (error instanceof DOMException && error.name === 'TimeoutError')) {
    const failure = error instanceof NetworkError ? error.cause : error;
    const reason = (failure as { cause?: { code?: string } }).cause?.code ?? (failure as Error).message;
    const unreachable = error instanceof NetworkError ? error : new NetworkError({ cause: error });
    return reworded(unreachable, `Cannot reach the MakoOptimize API at ${baseUrl} (${reason})`);
  }
  if (error instanceof ResponseSchemaError) {
    if (typeof error.body === 'string')
      return reworded(error, `${name}: the API answered ${error.status} with a body that is not JSON`);
    const issues = error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return reworded(error, `${name}: the API's answer does not match the contract (${issues.join('; ')})`);
  }
  return error;
}

/**
 * The same error (its class and fields the api-client's) with the runner's message: the web app
 * words errors by their kind on screen, the runner prints the message on stderr.
 */
function reworded<E extends Error>(error: E, message: string): E {
  error.message = message;
  return error;
}

/** What an OpenAI-compatible server answers at GET /v1/models, which our API never does. */
async function openAiModels(apiUrl: string): Promise<string[] | null> {
  const origin = new URL(apiUrl).origin;
  try {
    const res = await fetch(`${origin}/v1/models`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const body = (await res.json()) as { object?: unknown; data?: { id?: unknown }[] };
    if (!Array.isArray(body.data)) return null;
    return body.data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return null;
  }
}

/**
 * Checks the API address and the token before any load is sent (GET /users/me), so that a typo
 * costs a second instead of a whole benchmark. An address that answers as an OpenAI-compatible
 * serving engine is named as such: the usual mistake is --api-url pointing at the engine.
 */
export async function verifyApiAccess(api: MakoApi): Promise<User> {
  try {
    return await api.call('me');
  } catch (error) {
    // Unreachable, or reached and the token refused (main's message for a 401 names MAKO_TOKEN).
    if (error instanceof NetworkError || (error instanceof ApiError && error.status === 401)) throw error;
    // Something answered, but not as the MakoOptimize API: to the user, the API was not reached.
    const models = await openAiModels(api.baseUrl);
    if (models)
      throw reworded(
        new NetworkError({ cause: error }),
        `${api.baseUrl} is an OpenAI-compatible serving endpoint${models.length ? ` (it serves ${models.slice(0, 3).join(', ')})` : ''}, not the MakoOptimize API: set MAKO_API_URL (or --api-url) to your MakoOptimize server's /api/v1`,
      );
    if (error instanceof ApiError && error.status === 404)
      throw reworded(
        new NetworkError({ cause: error }),
        `${api.baseUrl} does not answer as the MakoOptimize API (GET /users/me: 404); MAKO_API_URL (or --api-url) should end in /api/v1`,
      );
    throw error;
  }
}
