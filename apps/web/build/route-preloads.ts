import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_FIRST_GETS_FILE, ROUTE_PRELOADS_FILE } from '../../../packages/contract/src/paths.ts';
import { PAGE_FIRST_GETS } from './first-gets.ts';
import { webRoot } from './web-root.ts';

/**
 * The monospace core faces a page's first screen shows, preloaded by that page only (see
 * routePreloads): the home page's figures are set in 500, the search results' numeric cells in 400
 * (ui's NUMERIC_CELL_FONT). Any other page finds its faces at layout. e2e/preloads.spec.ts checks
 * that each face named here is used.
 */
const PAGE_FONTS: Record<string, RegExp> = {
  '/': /^assets\/jetbrains-mono-latin-500-normal-core-[\w-]+\.woff2$/,
  '/benchmarks/': /^assets\/jetbrains-mono-latin-400-normal-core-[\w-]+\.woff2$/,
};

/**
 * A route file's place in the route tree (TanStack's file naming: folders and dots nest, `_name` is a
 * layout without a path, `__root` is the root, `route` is its folder's layout, `index` the folder's
 * own page), and the URL path it serves.
 */
function routeOfFile(file: string): { file: string; id: string[]; kind: 'index' | 'layout' | 'other'; path: string } {
  const segments = file.replace(/\.tsx?$/, '').split(/[\\/.]/);
  const last = segments.at(-1);
  const kind = last === 'index' ? 'index' : last === 'route' || last === '__root' ? 'layout' : 'other';
  const id = segments.filter((segment) => segment !== 'index' && segment !== 'route' && segment !== '__root');
  const pathSegments = id.filter((segment) => !segment.startsWith('_'));
  const path = `/${pathSegments.join('/')}${kind === 'index' && pathSegments.length > 0 ? '/' : ''}`;
  return { file, id, kind, path };
}

/** `inner` lies within `outer` in the route tree (or is the same place). */
const within = (outer: readonly string[], inner: readonly string[]) =>
  outer.length <= inner.length && outer.every((segment, i) => segment === inner[i]);

/**
 * Writes ROUTE_PRELOADS_FILE: for each page (a route file no other route nests in), the chunks its
 * first render imports: its own split chunks and those of the layouts above it, with everything
 * they import in turn, but not the entry, which the page names already; and its face of PAGE_FONTS.
 * Beside it, PAGE_FIRST_GETS_FILE: the first GETs of build/first-gets.ts.
 * Without them in the page, a phone fetches the entry, runs it, and only then asks for the page's
 * code: on Lighthouse's phone link that cost `/benchmarks/` about 400 ms of LCP.
 */
export function routePreloads(): Plugin {
  const routesDir = path.join(webRoot, 'src', 'routes') + path.sep;
  return {
    name: 'mako:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The split parts of each route file (id?tsr-split=…), by file.
      const chunksOfRoute = new Map<string, Set<string>>();
      for (const chunk of chunks) {
        if (chunk.isEntry) continue;
        for (const id of chunk.moduleIds) {
          const [file = '', query] = id.split('?');
          if (!file.startsWith(routesDir) || !query?.includes('tsr-split')) continue;
          const route = file.slice(routesDir.length);
          chunksOfRoute.set(route, (chunksOfRoute.get(route) ?? new Set()).add(chunk.fileName));
        }
      }
      const withImports = (fileNames: Iterable<string>) => {
        const found = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFileName.get(fileName);
          if (!chunk || chunk.isEntry || found.has(fileName)) return;
          found.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const fileName of fileNames) visit(fileName);
        return found;
      };
      const files = fs
        .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file));
      const routes = files.map(routeOfFile);
      // A layout wraps other routes: `route`, the root, or a file others nest in (`_app`); a page does not.
      const isLayout = (route: (typeof routes)[number]) =>
        route.kind === 'layout' ||
        (route.kind === 'other' &&
          routes.some((other) => other.id.length > route.id.length && within(route.id, other.id)));
      const preloads: Record<string, string[]> = {};
      for (const page of routes.filter((route) => !isLayout(route))) {
        const layouts = routes.filter((route) => isLayout(route) && within(route.id, page.id));
        const own = [page, ...layouts].flatMap((route) => [...(chunksOfRoute.get(route.file) ?? [])]);
        const fonts = Object.keys(bundle).filter((fileName) => PAGE_FONTS[page.path]?.test(fileName));
        preloads[page.path] = [...[...withImports(own)].sort(), ...fonts].map((fileName) => `/${fileName}`);
      }
      for (const [name, table] of Object.entries({ PAGE_FONTS, PAGE_FIRST_GETS })) {
        const unknown = Object.keys(table).filter((pagePath) => !(pagePath in preloads));
        if (unknown.length > 0) this.error(`${name} names pages the app does not have: ${unknown.join(', ')}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
      this.emitFile({
        type: 'asset',
        fileName: PAGE_FIRST_GETS_FILE,
        source: `${JSON.stringify(PAGE_FIRST_GETS, null, 2)}\n`,
      });
    },
  };
}
