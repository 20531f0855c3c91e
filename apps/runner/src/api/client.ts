import {
  API_MESSAGES,
  AnyErrorBody,
  GENERIC_ERROR,
  STATUS_TEXTS,
  buildPath,
  endpoints,
  toSearchParams,
  type BodyOf,
  type EndpointDef,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type User,
} from '@mako/contract';

/**
 * There is deliberately no default API address: the MakoOptimize server and vLLM both listen on
 * port 8000 by default, so a guessed http://127.0.0.1:8000/api/v1 would as likely reach the engine
 * under test as our API. Getting started shows the line that sets MAKO_API_URL.
 */
export const API_URL_MISSING =
  "MakoOptimize's address is not set: export MAKO_API_URL=https://YOUR-SERVER/api/v1 (Getting started shows the line) or pass --api-url";

/** A non-ok answer from the MakoOptimize API (status 0: it could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly endpoint: EndpointName,
    readonly status: number,
    readonly detail: string,
  ) {
    super(
      status === 0
        ? detail
        : `${endpoint}: ${status} ${STATUS_TEXTS[status] ?? (status === 422 ? API_MESSAGES[422] : GENERIC_ERROR)}: ${detail}`,
    );
  }
}

/** The API answered something its contract does not allow: a version mismatch, not a user error. */
export class ContractError extends Error {}

type CallInput<N extends EndpointName> = {
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
};

function describeError(body: unknown, fallback: string): string {
  const parsed = AnyErrorBody.safeParse(body);
  if (!parsed.success) return fallback;
  const { detail } = parsed.data;
  if (typeof detail === 'string') return detail;
  return detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
}

/**
 * The runner's only way to talk to MakoOptimize: every call is a row of the contract's endpoint
 * table, every body is checked against its schema before it leaves, and every answer is parsed
 * with the response schema. The token travels in the Authorization header only and is never part
 * of a message.
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
    const path = buildPath(def.path, (input.params ?? {}) as Record<string, string>);
    const search = toSearchParams(input.query as Record<string, unknown> | undefined).toString();
    const url = `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#token) headers.authorization = `Bearer ${this.#token}`;
    let body: string | undefined;
    if (def.body) {
      const checked = def.body.safeParse(input.body);
      if (!checked.success)
        throw new ContractError(
          `Refusing to send an invalid ${name} request: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      body = JSON.stringify(checked.data);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(url, { method: def.method, headers, body, signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new ApiError(name, 0, `Cannot reach the MakoOptimize API at ${this.baseUrl} (${cause})`);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      if (res.ok) throw new ContractError(`${name}: the API answered ${res.status} with a body that is not JSON`);
    }
    if (!res.ok) throw new ApiError(name, res.status, describeError(json, text.slice(0, 300) || res.statusText));
    const parsed = def.response.safeParse(json);
    if (!parsed.success)
      throw new ContractError(
        `${name}: the API's answer does not match the contract (${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
          .join('; ')})`,
      );
    return parsed.data as ResponseOf<N>;
  }
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
    if (error instanceof ApiError && (error.status === 0 || error.status === 401)) throw error;
    const models = await openAiModels(api.baseUrl);
    if (models)
      throw new ApiError(
        'me',
        0,
        `${api.baseUrl} is an OpenAI-compatible serving endpoint${models.length ? ` (it serves ${models.slice(0, 3).join(', ')})` : ''}, not the MakoOptimize API: set MAKO_API_URL (or --api-url) to your MakoOptimize server's /api/v1`,
      );
    if (error instanceof ApiError && error.status === 404)
      throw new ApiError(
        'me',
        0,
        `${api.baseUrl} does not answer as the MakoOptimize API (GET /users/me: 404); MAKO_API_URL (or --api-url) should end in /api/v1`,
      );
    throw error;
  }
}
