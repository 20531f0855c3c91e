import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { benchmarkBody, newAccount, postBenchmarkBody, signedInAccount, storeToken } from './support.ts';

/**
 * The server names each page's chunks and monospace faces in the page (`<link rel="modulepreload">`,
 * `<link rel="preload" as="font">`, from the build's route-preloads file), so that the browser
 * fetches them alongside the entry instead of after it has run. Each page here is loaded with an
 * empty cache; the test then holds the server's list against what the browser did until the page's
 * heading first appeared.
 */

/** The chunks and fonts the server's page names, as sent (the app adds links of its own later on). */
async function preloadsIn(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.ok()).toBe(true);
  const html = await response.text();
  const links = /<link rel="(?:modulepreload|preload" as="font" type="font\/woff2)" crossorigin href="([^"]+)">/g;
  return [...html.matchAll(links)].map((match) => match[1] ?? '');
}

/**
 * The font files whose face the page has loaded: the URL of each @font-face rule whose FontFace
 * (same family, weight and range) is loaded, which happens when text uses it.
 */
async function loadedFontFiles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faces = [...document.fonts].filter((face) => face.status === 'loaded');
    const rules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule);
    return rules
      .filter((rule) => {
        const family = rule.style.getPropertyValue('font-family').replace(/["']/g, '');
        const range = rule.style.getPropertyValue('unicode-range');
        return faces.some(
          (face) =>
            face.family.replace(/["']/g, '') === family &&
            face.weight === rule.style.getPropertyValue('font-weight') &&
            face.unicodeRange === range,
        );
      })
      .map((rule) => /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue('src'))?.[1] ?? '')
      .map((url) => new URL(url, location.href).pathname);
  });
}

/** Records, in the page's clock, when the first <h1> appears: the first render of the route. */
async function watchFirstHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const found = () => {
      if (!document.querySelector('h1')) return false;
      (window as unknown as { firstHeadingAt: number }).firstHeadingAt = performance.now();
      return true;
    };
    const observer = new MutationObserver(() => found() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * The scripts that had arrived before the page's first heading appeared, and every script and font
 * fetch. Chunks the first render asks for but does not wait for (React.lazy parts below a Suspense
 * fallback, such as charts) start during that render and arrive after it.
 */
async function fetchesOf(page: Page): Promise<{ scriptsBeforeHeading: string[]; all: string[] }> {
  return page.evaluate(() => {
    const at = (window as unknown as { firstHeadingAt?: number }).firstHeadingAt ?? Infinity;
    const fetches = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .map((entry) => ({ path: new URL(entry.name).pathname, arrived: entry.responseEnd }))
      .filter((entry) => /\.(js|woff2)$/.test(entry.path));
    return {
      scriptsBeforeHeading: fetches.filter((f) => f.path.endsWith('.js') && f.arrived < at).map((f) => f.path),
      all: fetches.map((f) => f.path),
    };
  });
}

/**
 * Loads the page and checks that each file the server named is fetched once: the links' CORS mode
 * matches the module loader's and the @font-face rules', which then take the preloaded response
 * instead of fetching the file again. Unless the page's first screen has lazy parts, also that the
 * list is complete: no chunk the page did not name arrived before its first render. And that the
 * page uses each face it names. Returns the named files.
 */
async function expectPreloadsMatchFirstRender(
  page: Page,
  path: string,
  heading: string | RegExp,
  { lazyParts = false } = {},
): Promise<string[]> {
  const preloads = await preloadsIn(page, path);
  expect(preloads.length).toBeGreaterThan(0);
  await watchFirstHeading(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const { scriptsBeforeHeading, all } = await fetchesOf(page);
  if (!lazyParts) expect(scriptsBeforeHeading.filter((url) => url !== entry && !preloads.includes(url))).toEqual([]);
  for (const url of preloads)
    expect(
      all.filter((fetched) => fetched === url),
      url,
    ).toHaveLength(1);
  const fonts = preloads.filter((url) => url.endsWith('.woff2'));
  if (fonts.length > 0) await expect.poll(() => loadedFontFiles(page)).toEqual(expect.arrayContaining(fonts));
  return preloads;
}

test.describe('each page names the chunks of its first render', () => {
  test('the home page, signed out, with the face of its figures', async ({ page }) => {
    const preloads = await expectPreloadsMatchFirstRender(
      page,
      '/',
      'Find the fastest way to serve your model on your GPUs.',
    );
    expect(preloads.filter((url) => url.endsWith('.woff2'))).toEqual([
      expect.stringMatching(/jetbrains-mono-latin-500-normal-core/),
    ]);
  });

  test('the benchmark search, signed in, with the face of its numeric cells', async ({ page, request }) => {
    await signedInAccount(page, request, 'preloads-search');
    const preloads = await expectPreloadsMatchFirstRender(page, '/benchmarks/', 'Search benchmarks');
    expect(preloads.filter((url) => url.endsWith('.woff2'))).toEqual([
      expect.stringMatching(/jetbrains-mono-latin-400-normal-core/),
    ]);
  });

  test('a page with a parameter in its path: one setting', async ({ page, request }) => {
    const token = await newAccount(request, 'preloads-setting');
    const { setting } = await postBenchmarkBody(
      request,
      token,
      benchmarkBody('preload/model', { max_num_seqs: 64 }, 4000, 90),
    );
    await storeToken(page, token);
    // Its chart loads lazily (recharts), as the page renders: only the page's own code is named.
    const preloads = await expectPreloadsMatchFirstRender(
      page,
      `/single-benchmarks/${setting.id}`,
      /^preload\/model benchmarks on/,
      {
        lazyParts: true,
      },
    );
    expect(preloads.some((url) => url.startsWith('/assets/_settingId-'))).toBe(true);
    expect(preloads.some((url) => url.startsWith('/assets/single-benchmark-detail-'))).toBe(true);
  });

  test('a page under a layout of its own: tuning sessions', async ({ page, request }) => {
    await signedInAccount(page, request, 'preloads-sessions');
    await expectPreloadsMatchFirstRender(page, '/tuning-sessions', 'Tuning sessions');
  });
});

test('a path no page has gets the page without preloads, and the app still shows its 404', async ({ page }) => {
  expect(await preloadsIn(page, '/no/such/page')).toEqual([]);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
});
