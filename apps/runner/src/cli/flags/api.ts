import { API_URL_MISSING, MakoApi } from '../../api/client.ts';
import { UsageError, type OptionSpec } from '../options.ts';

/** Where MakoOptimize is and the token to reach it with. */
export const apiOptions = {
  'api-url': {
    kind: 'url',
    group: 'MakoOptimize',
    value: 'URL',
    env: 'MAKO_API_URL',
    help: "The MakoOptimize API, e.g. https://mako.example.com/api/v1 (no default: the server's usual port 8000 is also vLLM's). Checked with GET /users/me before any load is sent.",
  },
  token: {
    kind: 'string',
    group: 'MakoOptimize',
    value: 'TOKEN',
    env: 'MAKO_TOKEN',
    secret: true,
    help: 'API token from the Tokens page, sent as a bearer token; never printed. Prefer the environment variable: flags show up in ps.',
  },
} as const satisfies Record<string, OptionSpec>;

export function makeApi(o: { 'api-url'?: string | undefined; token?: string | undefined }): MakoApi {
  if (!o['api-url']) throw new UsageError(API_URL_MISSING);
  return new MakoApi({ baseUrl: o['api-url'], token: o.token });
}
