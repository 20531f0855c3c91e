import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  benchmarkSearchQueryOptions,
  createQueryClient,
  getApiBase,
  primeSiteSettings,
  siteSettingsQueryOptions,
} from '@mako/api-client';
import { fixtures, handlers, mockAccessToken } from '@mako/api-client/mocks';
import { SITE_SETTINGS_ELEMENT_ID } from '@mako/contract';
import { parseBenchmarkSearch, searchQueryOf, startSearchEarly } from '../src/lib/search-params/benchmark-search.ts';
import { siteSettingsOfPage } from '../src/lib/site/site-settings.ts';
import { server } from './setup.ts';

/** A page as the server writes it: the settings in a JSON data block (or `text` in its place). */
function pageWith(text: string | null): Document {
  const page = document.implementation.createHTMLDocument('MakoOptimize');
  if (text !== null) {
    const block = page.createElement('script');
    block.id = SITE_SETTINGS_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = text;
    page.head.append(block);
  }
  return page;
}

function recordPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
  return paths;
}

describe('the site settings the page came with', () => {
  it('are read from the data block', () => {
    expect(siteSettingsOfPage(pageWith(JSON.stringify(fixtures.settings)))).toEqual(fixtures.settings);
  });

  it.each([
    ['no data block (the dev server)', null],
    ['an empty one', ''],
    ['one that is not JSON', '{"posthog_key":'],
  ])('are not there with %s', (_, text) => {
    expect(siteSettingsOfPage(pageWith(text))).toBeUndefined();
  });

  it('let the first search go out at once, without asking for the settings', async () => {
    server.use(...handlers.success);
    const paths = recordPaths();
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(3600));
    const queryClient = createQueryClient();
    const search = parseBenchmarkSearch({ model_name: 'Llama-3-8B' });

    expect(primeSiteSettings(queryClient, siteSettingsOfPage(pageWith(JSON.stringify(fixtures.settings))))).toBe(true);
    startSearchEarly(queryClient, search);
    await queryClient.ensureQueryData(benchmarkSearchQueryOptions(searchQueryOf(search)));

    expect(paths).toEqual(['/api/v1/benchmarks/all']);
    // Calls go where the settings say, as after GET /settings.
    expect(getApiBase()).toBe(new URL('/api/v1', fixtures.settings.auth_server.url).toString().replace(/\/$/, ''));
    server.events.removeAllListeners();
  });

  it('are fetched after all when they break the contract', async () => {
    server.use(...handlers.success);
    const paths = recordPaths();
    const queryClient = createQueryClient();

    expect(primeSiteSettings(queryClient, { ...fixtures.settings, auth_server: 'elsewhere' })).toBe(false);
    expect(primeSiteSettings(queryClient, undefined)).toBe(false);
    expect(queryClient.getQueryData(siteSettingsQueryOptions().queryKey)).toBeUndefined();
    await vi.waitFor(() => queryClient.ensureQueryData(siteSettingsQueryOptions()));
    expect(paths).toEqual(['/api/v1/settings']);
    server.events.removeAllListeners();
  });
});
