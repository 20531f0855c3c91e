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
} from '@mako/contract';

export const DEFAULT_API_URL = 'http://127.0.0.1:8000/api/v1';

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
