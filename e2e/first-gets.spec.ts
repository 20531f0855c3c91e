import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { benchmarkBody, newAccount, postBenchmarkBody, signedInAccount, storeToken } from './support.ts';

/**
 * Signed-in pages send their first screen's GETs (their list and the signed-in user) from a script
 * the server writes into them (apps/web/build/first-gets.ts), while the app's code is still on its way; the app
 * takes those answers instead of asking again. Here the entry chunk is held back, so that
 * "before the code arrived" is a fact about the order of events, not about timing.
 */

const ENTRY_DELAY_MS = 700;
const SEARCH = '/api/v1/benchmarks/all';
const ME = '/api/v1/users/me';

interface Recorded {
  /** API requests in the order sent, as path and query. */
  api: string[];
  /** How many API requests had been sent when the entry chunk was let through. */
  apiBeforeEntry: number | null;
  /** The console's complaints about the page's content security policy. */
  policyErrors: string[];
}

async function recordWithEntryHeldBack(page: Page): Promise<Recorded> {
  const recorded: Recorded = { api: [], apiBeforeEntry: null, policyErrors: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) recorded.api.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      recorded.policyErrors.push(message.text());
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS));
    recorded.apiBeforeEntry = recorded.api.length;
    await route.continue();
  });
  return recorded;
}

const count = (paths: string[], path: string) => paths.filter((p) => p.split('?')[0] === path).length;

test('the search page sends its search and its user before its code arrives, and the app asks once', async ({
  page,
  request,
}) => {
  const token = await newAccount(request, 'first-gets');
  await postBenchmarkBody(request, token, benchmarkBody('first-gets/model', { max_num_seqs: 32 }, 3000, 80));
  await storeToken(page, token);
  const recorded = await recordWithEntryHeldBack(page);
  await page.goto('/benchmarks/');
  await expect(page.getByRole('heading', { level: 1, name: 'Search benchmarks' })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ benchmarks?, newest first/)).toBeVisible();
  expect(recorded.apiBeforeEntry).not.toBeNull();
  expect(recorded.api.slice(0, recorded.apiBeforeEntry ?? 0).sort()).toEqual([SEARCH, ME].sort());
  // The app took both answers: neither was asked for again.
  expect(count(recorded.api, SEARCH)).toBe(1);
  expect(count(recorded.api, ME)).toBe(1);
  expect(await page.evaluate(() => '__makoFirstGets' in window)).toBe(false);
  expect(recorded.policyErrors).toEqual([]);
});

// The other pages that name first GETs: each GET the page names is sent before the code arrives
// and asked for once in all, so the app's call has the very URL the page sent.
for (const path of ['/single-benchmarks/', '/tuning-sessions/', '/tokens/', '/serve-requests/']) {
  test(`${path} sends the GETs it names before its code arrives, and the app asks for none again`, async ({
    page,
    request,
  }) => {
    await signedInAccount(page, request, 'first-gets-page');
    const recorded = await recordWithEntryHeldBack(page);
    await page.goto(path);
    // By the time the page shows, the loaders have made every call of its first screen.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const named = await page.evaluate(() => JSON.parse(document.getElementById('first-gets')?.textContent ?? '[]'));
    const gets = (named as string[]).map((url) => {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    });
    expect(gets).toContain(ME);
    expect(gets.length).toBeGreaterThan(1);
    expect(recorded.api.slice(0, recorded.apiBeforeEntry ?? 0).sort()).toEqual([...gets].sort());
    for (const get of gets) expect(count(recorded.api, get.split('?')[0] ?? get), get).toBe(1);
    expect(recorded.policyErrors).toEqual([]);
  });
}

test('with a query string the page leaves the search to the app, which sends it once', async ({ page, request }) => {
  await signedInAccount(page, request, 'first-gets-query');
  const recorded = await recordWithEntryHeldBack(page);
  await page.goto('/benchmarks/?model_name=no-such-model-xyz');
  await expect(page.getByRole('heading', { level: 1, name: 'Search benchmarks' })).toBeVisible();
  await expect.poll(() => count(recorded.api, SEARCH)).toBe(1);
  expect(recorded.apiBeforeEntry).toBe(0);
  expect(recorded.api.find((p) => p.startsWith(SEARCH))).toContain('model_name=no-such-model-xyz');
  expect(count(recorded.api, ME)).toBe(1);
});

test('signed out, the page sends nothing and the app sends the visitor to sign in', async ({ page }) => {
  const recorded = await recordWithEntryHeldBack(page);
  await page.goto('/benchmarks/');
  await expect(page).toHaveURL(/\/\?redirect=/);
  expect(recorded.apiBeforeEntry).toBe(0);
  expect(count(recorded.api, SEARCH)).toBe(0);
});
