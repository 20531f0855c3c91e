import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  ACCESS_TOKEN_KEY,
  API_PREFIX,
  FIRST_GETS_ELEMENT_ID,
  FIRST_GETS_GLOBAL,
  PAGE_FIRST_GETS_FILE,
  ROUTE_PRELOADS_FILE,
  SITE_SETTINGS_ELEMENT_ID,
  apiBaseFromLoginUrl,
  type SiteSettings,
} from '@mako/contract';

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const isApi = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith('/api/');
/** The build keeps its source maps next to the bundles for debugging; they are not for the public. */
const isSourceMap = (pathName: string) => pathName.endsWith('.map');
/** The build's own notes (.vite/manifest.json, ROUTE_PRELOADS_FILE, PAGE_FIRST_GETS_FILE) name source files: not for the public either. */
const isHidden = (pathName: string) => pathName.split('/').some((segment) => segment.startsWith('.'));
/** index.html is served as rendered at start-up (with the site settings in it), never from disk. */
const INDEX_PATHS = ['/', '/index.html'];
/** The build's own index.html and its compressed copies: without the settings, never sent as they are. */
const isBuildIndex = (pathName: string) => pathName === '/' || pathName.startsWith('/index.html');

/** A page for HTML routes, rendered once, in each encoding a browser may ask for. */
interface RenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The script of a page with first GETs (PAGE_FIRST_GETS_FILE): with a stored token and no query string,
 * it sends each GET its data block names, as the API client would (same URL, same headers), and
 * leaves the answers' promises in FIRST_GETS_GLOBAL for the client to take. On a phone the page's
 * data then downloads alongside the app's code instead of after it has run. Anything unexpected
 * (no storage, a missing block) leaves the calls to the app.
 */
export const FIRST_GETS_SCRIPT =
  `(()=>{try{if(location.search)return;` +
  `const t=localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)});if(!t)return;` +
  `const h={Accept:"application/json",Authorization:"Bearer "+t},s={};` +
  `for(const u of JSON.parse(document.getElementById(${JSON.stringify(FIRST_GETS_ELEMENT_ID)}).textContent)){` +
  `const url=new URL(u,location.href).href,r=fetch(url,{headers:h});r.catch(()=>{});s[url]={response:r,token:t,at:Date.now()}}` +
  `window[${JSON.stringify(FIRST_GETS_GLOBAL)}]=s}catch{}})()`;

/** The CSP source that lets FIRST_GETS_SCRIPT, and no other inline script, run. */
export const FIRST_GETS_SCRIPT_SOURCE = `'sha256-${crypto.createHash('sha256').update(FIRST_GETS_SCRIPT).digest('base64')}'`;

/** What a page names besides the app: its chunks and fonts to preload, and its first GETs' URLs. */
export interface PageExtras {
  preloads?: readonly string[];
  firstGets?: readonly string[];
}

/** JSON that no value can end the element it sits in with: JSON.parse reads \u003c back as `<`. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html with the site settings (GET /settings) in a JSON data block. The first page reads
 * them there instead of asking for them first: every call waits for the settings (they name the
 * server calls go to), so on a phone that request cost the first page a round trip.
 */
export function renderIndexPage(
  indexHtml: string,
  siteSettings: object,
  { preloads = [], firstGets = [] }: PageExtras = {},
): string {
  // After the entry's <script>, which the browser then asks for first. `crossorigin` as on that script
  // and on the @font-face rules: modules and fonts are fetched in CORS mode, and a preload in another
  // mode is not reused.
  const links = preloads
    .map((url) =>
      url.endsWith('.woff2')
        ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${url}">`
        : `<link rel="modulepreload" crossorigin href="${url}">`,
    )
    .join('');
  const gets =
    firstGets.length > 0
      ? `<script id="${FIRST_GETS_ELEMENT_ID}" type="application/json">${jsonInScript(firstGets)}</script>` +
        `<script>${FIRST_GETS_SCRIPT}</script>`
      : '';
  const block = `${links}<script id="${SITE_SETTINGS_ELEMENT_ID}" type="application/json">${jsonInScript(siteSettings)}</script>${gets}`;
  // The app's module scripts are deferred (they run once the document is parsed), so the block need
  // not come before them. A replacer function, because in a replacement string a `$&` or `$'` in a
  // setting would paste parts of the page into the block.
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', () => `${block}</head>`) : indexHtml + block;
}

/** A chunk or font of the build's assets: the only thing a preload may name (the file is the build's, but read at start). */
const ASSET_URL = /^\/assets\/[\w.-]+\.(js|woff2)$/;
/** A GET under the API base, with at most a plain query: the only thing a page's first GETs may name. */
const API_GET_PATH = /^\/[\w/-]*(\?[\w.=&-]*)?$/;

/**
 * One of the build's tables of pages (ROUTE_PRELOADS_FILE, PAGE_FIRST_GETS_FILE): an object from a
 * route's path to a list of URLs, as [route key, URLs]. Without the file (the dev server, an older
 * build) there are none and the pages load as before; a file or an entry that is not what the build
 * writes is left out with a warning.
 */
function readPageTable(
  webDist: string,
  name: string,
  what: { urls: string; valid: RegExp },
  warn: (message: string) => void,
): [string, string[]][] {
  const file = path.join(webDist, name);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`${file} is not JSON; pages name no ${what.urls}`);
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    warn(`${file} is not an object of route paths; pages name no ${what.urls}`);
    return [];
  }
  return Object.entries(parsed).flatMap(([routePath, urls]: [string, unknown]) => {
    if (
      routePath.startsWith('/') &&
      Array.isArray(urls) &&
      urls.every((url) => typeof url === 'string' && what.valid.test(url))
    )
      return [[routeKey(routePath), urls as string[]]];
    warn(`${file}: the entry for ${JSON.stringify(routePath)} is not a list of ${what.urls}; left out`);
    return [];
  });
}

/** `/a/b/` and `/a/b` alike: the router serves both. */
const segmentsOf = (urlPath: string) => urlPath.split('/').filter(Boolean);
/** One spelling of a route path, whichever way its table writes it. */
const routeKey = (routePath: string) => segmentsOf(routePath).join('/');

/** A route path's segments match a URL's when each is the same, or a `$name` parameter (any one segment). */
function routeMatches(route: readonly string[], url: readonly string[]): boolean {
  return route.length === url.length && route.every((segment, i) => segment === url[i] || segment.startsWith('$'));
}

function renderPage(indexHtml: string, siteSettings: SiteSettings, extras: PageExtras = {}): RenderedPage {
  const identity = Buffer.from(renderIndexPage(indexHtml, siteSettings, extras), 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** The encoding to send of those this page has: br, then gzip, unless Accept-Encoding refuses it. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

function sendPage(reply: FastifyReply, page: RenderedPage, acceptEncoding: string | undefined) {
  const encoding = pageEncoding(acceptEncoding);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  // Sent as compressed here; the compression plugin leaves an answer with an encoding alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page[encoding]);
}

/**
 * Serves the built web app when its directory exists: hashed assets are cached for good, and any
 * other GET that wants HTML gets index.html (with the site settings in it, and the files of its
 * route's first render) so that client-side
 * routes survive a reload. Everything else that matches nothing is a JSON 404. The build writes a
 * brotli (.br) and a gzip (.gz) copy of each compressible file; the copy the client accepts is sent
 * in its place.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, siteSettings: SiteSettings): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.setNotFoundHandler(notFound);
    return false;
  }
  const indexHtml = fs.readFileSync(index, 'utf8');
  const page = renderPage(indexHtml, siteSettings);
  // One page per route of the app, each naming the chunks its first render loads and the GETs it
  // sends early, rendered when first asked for (each process would otherwise compress twenty pages
  // before it listens). A path both a fixed route and one with a parameter match is the fixed one's,
  // as in the router. The GETs go where the app's calls go: the base the site settings name.
  const warn = (message: string) => app.log.warn(message);
  const preloads = new Map(
    readPageTable(webDist, ROUTE_PRELOADS_FILE, { urls: '/assets/ chunks and fonts', valid: ASSET_URL }, warn),
  );
  const firstGets = new Map(
    readPageTable(webDist, PAGE_FIRST_GETS_FILE, { urls: 'GETs under the API base', valid: API_GET_PATH }, warn),
  );
  const apiBase = apiBaseFromLoginUrl(siteSettings.auth_server.url) ?? API_PREFIX;
  const parameters = (route: readonly string[]) => route.filter((segment) => segment.startsWith('$')).length;
  const routes = [...new Set([...preloads.keys(), ...firstGets.keys()])]
    .map((key) => ({
      segments: segmentsOf(key),
      extras: { preloads: preloads.get(key), firstGets: firstGets.get(key)?.map((apiPath) => `${apiBase}${apiPath}`) },
    }))
    .sort((a, b) => parameters(a.segments) - parameters(b.segments));
  const routePages = new Map<(typeof routes)[number], RenderedPage>();
  const pageFor = (url: string) => {
    const segments = segmentsOf(url.split('?')[0] ?? '/');
    const route = routes.find(({ segments: routeSegments }) => routeMatches(routeSegments, segments));
    if (!route) return page;
    let routePage = routePages.get(route);
    if (!routePage) routePages.set(route, (routePage = renderPage(indexHtml, siteSettings, route.extras)));
    return routePage;
  };
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathName) => !isSourceMap(pathName) && !isHidden(pathName) && !isBuildIndex(pathName),
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The answer depends on Accept-Encoding whenever a compressed copy exists; caches must know.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  for (const url of INDEX_PATHS)
    app.get(url, (request, reply) => sendPage(reply, pageFor(url), request.headers['accept-encoding']));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(url) &&
      !isSourceMap(url) &&
      wantsHtml(request)
    )
      return sendPage(reply, pageFor(url), request.headers['accept-encoding']);
    return notFound(request, reply);
  });
  return true;
}

function notFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ detail: 'Not Found' });
}
