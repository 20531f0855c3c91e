import {
  API_TOKENS_PATH,
  BENCHMARK_SEARCH_PATH,
  ME_PATH,
  MY_SESSIONS_PATH,
  SERVE_REQUESTS_PATH,
  SETTINGS_LIST_PATH,
} from '../../../packages/contract/src/paths.ts';
import { DEFAULT_PAGE_SIZE } from '../../../packages/contract/src/vocabulary/paging.ts';

/**
 * The API GETs a signed-in page's first screen waits for, by the page's route path (as in the
 * route tree), under the API base. The build writes them to PAGE_FIRST_GETS_FILE; the server
 * sends them from the page itself while the app's code is still downloading (see that constant).
 * They are the page's calls for an address without a query string, so the server sends them only
 * when the page's address has none. Each must be the URL the page's own call builds, byte for byte,
 * or the client asks again: test/first-gets.test.ts checks them against the endpoint table.
 */
export const PAGE_FIRST_GETS: Readonly<Record<string, readonly string[]>> = {
  '/benchmarks/': [BENCHMARK_SEARCH_PATH, ME_PATH],
  // The settings page asks for its first page of settings with the paging spelled out, as the
  // client's toSearchParams writes it.
  '/single-benchmarks/': [`${SETTINGS_LIST_PATH}?limit=${DEFAULT_PAGE_SIZE}&offset=0`, ME_PATH],
  '/tuning-sessions/': [MY_SESSIONS_PATH, ME_PATH],
  '/tokens/': [API_TOKENS_PATH, ME_PATH],
  '/serve-requests/': [SERVE_REQUESTS_PATH, ME_PATH],
};
