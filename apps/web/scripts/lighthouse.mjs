// Lighthouse (default mobile settings: simulated slow 4G and a 4x slower CPU) on the compiled
// production server: `/` as an anonymous visitor and `/benchmarks/` signed in, three runs each,
// printing the median of each figure. The server runs on a free port with a temporary DATA_DIR
// and the demo catalogue; Chromium is /usr/bin/chromium (or CHROME_PATH), kept off the network.
//
// `pnpm --filter @mako/web lighthouse` builds the web app and the server first. After a build,
// `node scripts/lighthouse.mjs [/benchmarks/] [--runs=5] [--reports=dir]` measures one page, runs
// more often, or keeps each run's report (JSON) in dir.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { freePort, startProductionServer } from './production-server.mjs';

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const REPORTS_DIR = process.argv.find((arg) => arg.startsWith('--reports='))?.slice('--reports='.length);
const PAGES = ['/', '/benchmarks/'];
const pages = process.argv.slice(2).filter((arg) => PAGES.includes(arg));
/** On a loaded machine Chromium now and then fails to record a trace (NO_NAVSTART); such a run is repeated. */
const ATTEMPTS = 3;
const GOAL_SCORE = 95;
const GOAL_HOME_BYTES = 160 * 1000;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const server = await startProductionServer();
const chrome = await launchChrome();
try {
  const token = await server.signUp(`lighthouse-${Date.now()}@example.com`);
  const results = [];
  for (const page of pages.length > 0 ? pages : PAGES)
    results.push(await audit(page, { signedInWith: page === '/' ? null : token }));
  printTable(results);
} finally {
  await chrome.close();
  await server.close();
}

/**
 * Runs Lighthouse RUNS times on a page. Signed out, Lighthouse resets the origin's storage and the
 * cache before each run, as by default. Signed in, the reset is off (it would drop the token), so
 * the token is stored before each run and the cache cleared here, which makes every run a first
 * visit of a signed-in user all the same.
 */
async function audit(pagePath, { signedInWith }) {
  const url = `${server.origin}${pagePath}`;
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    let lhr;
    for (let attempt = 1; !lhr; attempt++) {
      if (signedInWith) await chrome.prepare(signedInWith);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(signedInWith),
      });
      const error = result?.lhr.runtimeError;
      if (!error) lhr = result.lhr;
      else if (attempt >= ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
      else console.log(`${pagePath} run ${run + 1}: ${error.code}, once more`);
    }
    // Signed-in pages send a visitor without a valid token to `/?redirect=…`: staying proves the sign-in.
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${pagePath.replaceAll('/', '') || 'home'}-${run + 1}.json`;
      fs.writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended up at ${lhr.finalDisplayedUrl}`);
    const figure = (id) => lhr.audits[id].numericValue;
    runs.push({
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: figure('first-contentful-paint'),
      lcp: figure('largest-contentful-paint'),
      tbt: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
      speedIndex: figure('speed-index'),
      bytes: figure('total-byte-weight'),
    });
    console.log(`${pagePath} run ${run + 1}: performance ${runs.at(-1).score}`);
  }
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return {
    page: pagePath,
    ...Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(key)])),
    scores: runs.map((r) => r.score),
  };
}

function printTable(results) {
  const ms = (value) => `${Math.round(value)} ms`;
  const rows = [
    ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'transferred', 'scores of the runs'],
    ...results.map((r) => [
      r.page,
      String(r.score),
      ms(r.fcp),
      ms(r.lcp),
      ms(r.tbt),
      r.cls.toFixed(3),
      ms(r.speedIndex),
      `${(r.bytes / 1000).toFixed(1)} kB`,
      r.scores.join(', '),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(`\nLighthouse ${RUNS} runs per page, median of each figure (default mobile settings):`);
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  const misses = results.filter((r) => r.score < GOAL_SCORE).map((r) => `${r.page} scores ${r.score}`);
  const home = results.find((r) => r.page === '/');
  if (home && home.bytes > GOAL_HOME_BYTES) misses.push(`/ transfers ${(home.bytes / 1000).toFixed(1)} kB`);
  console.log(
    misses.length === 0
      ? `\nGoals met: performance >= ${GOAL_SCORE} on both pages, / <= ${GOAL_HOME_BYTES / 1000} kB.`
      : `\nGoals missed: ${misses.join('; ')}.`,
  );
}

/**
 * Chromium with a debugging port for Lighthouse, and a Playwright connection to the same browser
 * to put the access token where the web app reads it (localStorage) and to empty the cache.
 */
async function launchChrome() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-lighthouse-'));
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let browser;
  for (let attempt = 0; !browser; attempt++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (error) {
      if (attempt >= 100 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const context = browser.contexts()[0];
  return {
    port,
    async prepare(token) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // Any path of the app's origin will do: the server answers it with index.html.
      await page.goto(`${server.origin}/404-blank-for-storage`);
      await page.evaluate((value) => localStorage.setItem('access_token', value), token);
      // Cleared after that visit, which cached the entry chunk, the fonts and the shell's chunks:
      // cleared before it, Lighthouse measured a visit that found them in the cache.
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    },
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
