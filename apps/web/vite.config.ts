import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
// By path: the config loader does not compile the workspace's TypeScript packages, only relative files.
import { ROUTE_PRELOADS_FILE } from '../../packages/contract/src/paths.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const uiSource = path.resolve(webRoot, '../../packages/ui/src') + path.sep;

/** The API server `pnpm dev` starts next to this one (apps/api's default port). */
const API_TARGET = process.env.MAKO_API_URL ?? 'http://127.0.0.1:8000';

/**
 * The component library is imported through its barrel. Its modules only define components
 * (styled-components calls look like side effects to the bundler), except the theme, which
 * installs fonts and global styles. Declaring the rest side-effect free lets the bundler drop
 * what a route does not use, which keeps the charts and tables out of the login page.
 */
function uiTreeShaking(): Plugin {
  const themeSource = path.join(uiSource, 'foundations', 'theme') + path.sep;
  return {
    name: 'mako:ui-tree-shaking',
    apply: 'build',
    // A transform's answer outranks what the resolver read from package.json (which says "unknown").
    transform(code, id) {
      if (!id.startsWith(uiSource) || id.startsWith(themeSource) || !/\.tsx?$/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/** The modules of the `/` route that other routes use too (see codeSplitting below). */
const HOME_SHARED_MODULE = new RegExp(
  [
    String.raw`packages[\\/]ui[\\/]src[\\/](screens[\\/]auth-layout|primitives[\\/](button|callout|card|field|forms|link|spinner|tabs|text-field)|foundations[\\/]icons)[\\/]`,
    String.raw`@tanstack[\\/]react-query[\\/].*[\\/](useMutation|useSuspenseQuery)\.js$`,
  ].join('|'),
);

/**
 * What the signed-in pages share besides the home page's modules: the signed-in layout (its
 * component, the app shell, the router link), the API client's calls with the contract's rows, the
 * data table, the small primitives and screen parts around it, the format helpers and the web app's
 * route states. Left alone, the bundler cuts them into a file per set of routes using each, and
 * /benchmarks/ fetched 28 files of 0.1–3 kB besides its own: over HTTP/1.1 (six connections) on a
 * phone's round trips, their queue, not their bytes, delayed the page. The table's virtualiser
 * stays out (it loads with a table long enough to need it). The styles of the app shell's
 * menu and drawer stay out: they style radix parts, a group takes in what its modules import, and
 * so the popups' radix code (20 kB), which loads when a popup first opens, would come along.
 */
const ROUTE_KIT_MODULE = new RegExp(
  [
    String.raw`packages[\\/]ui[\\/]src[\\/](primitives[\\/](badge|checkbox|copy-field|data-table(?![\\/]virtual-rows)|empty-state|export-buttons|relative-time|screen-layout|select|skeleton)[\\/]|screens[\\/](benchmark-common[\\/]|error-views[\\/](?!not-found))|foundations[\\/]format[\\/])`,
    String.raw`packages[\\/]ui[\\/]src[\\/]primitives[\\/]app-shell[\\/](index|app-shell|app-shell\.styles|theme-toggle|nav-items)\.tsx?$`,
    String.raw`apps[\\/]web[\\/]src[\\/](components[\\/](route-states|route-retry|router-link)|lib[\\/](copied|download|screen-error-of|compare))\.tsx?$`,
    String.raw`apps[\\/]web[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component`,
    String.raw`packages[\\/]api-client[\\/]src[\\/](request|queries|endpoint-query)\.ts$`,
    String.raw`@tanstack[\\/](react-table|table-core)[\\/]`,
    String.raw`@tanstack[\\/]react-query[\\/].*[\\/]useQuery\.js$`,
  ].join('|'),
);

/**
 * The characters nearly every page is written in: ASCII and the typographic punctuation the copy uses.
 * Each must lie in the fonts' Latin range (see LATIN_RANGE) for the rest face's range to exclude it.
 */
const CORE_CHARACTERS: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];
/**
 * The OpenType features browsers apply to plain text by default, plus tabular figures
 * (font-variant-numeric: tabular-nums). Inter's stylistic sets and alternates are never switched on
 * here, and keeping them would pull their glyphs into every subset (about 2 kB a face).
 */
const KEPT_FONT_FEATURES = [
  'ccmp',
  'locl',
  'rlig',
  'rvrn',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'kern',
  'rclt',
  'tnum',
];
/**
 * The core face every page's text is in: preloaded by index.html, it arrives while the entry script
 * loads, so text is first painted in its font instead of moving when the font swaps in.
 */
const PRELOADED_FONT = /^assets\/inter-latin-wght-normal-core-[\w-]+\.woff2$/;
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
const MONO_LATIN_CSS = /[\\/]@fontsource[\\/]jetbrains-mono[\\/]latin-(\d+)\.css$/;
const INTER_STATIC_CSS = /^@fontsource\/inter\/(\d+)\.css$/;
/** The weights the design uses (design-tokens.ts, fontWeight): the variable face is cut to them. */
const INTER_WEIGHTS = { min: 400, max: 600 };
const INTER_VARIABLE_FACE = '\0mako-inter-variable.css';
const INTER_VARIABLE_FILE = 'inter-latin-wght-normal.woff2';

/** "U+0000-00FF,U+0131,…" → code-point ranges, and back. */
const parseRanges = (text: string): [number, number][] =>
  text.split(',').map((part) => {
    const [low = '', high = low] = part.trim().replace('U+', '').split('-');
    return [parseInt(low, 16), parseInt(high, 16)];
  });
const formatRanges = (ranges: [number, number][]) =>
  ranges
    .map(([low, high]) => (low === high ? `U+${low.toString(16)}` : `U+${low.toString(16)}-${high.toString(16)}`))
    .join(',');
const charactersOf = (ranges: [number, number][]) =>
  ranges
    .flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, index) => String.fromCodePoint(low + index)))
    .join('');

/** `ranges` without the code points of `removed`. */
function subtractRanges(ranges: [number, number][], removed: [number, number][]): [number, number][] {
  let result = ranges;
  for (const [low, high] of removed) {
    result = result.flatMap(([a, b]): [number, number][] => {
      if (high < a || low > b) return [[a, b]];
      const parts: [number, number][] = [];
      if (a < low) parts.push([a, low - 1]);
      if (high < b) parts.push([high + 1, b]);
      return parts;
    });
  }
  return result;
}

/** An @font-face rule; `weight` is one weight or a variable face's "min max". */
const fontFace = (family: string, weight: string, file: string, ranges: [number, number][]) =>
  `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(${JSON.stringify(file)}) format('woff2');
  unicode-range: ${formatRanges(ranges)};
}
`;

/**
 * ASCII punctuation. JetBrains Mono's code ligatures (-> == // …) are all made of it, and their
 * glyphs make up most of its core subset (17 kB with them, 4 kB without). The monospace core face
 * leaves this punctuation to a face of its own: a page whose monospace text is words and figures,
 * like the home page's, loads 4 kB, and a ligature's characters still come from one face, so
 * they still join. The punctuation of figures (FIGURE_PUNCTUATION) stays in the core face, so that
 * a table of numbers does not load 13 kB of code ligatures for its commas and points; the few
 * ligatures that join a point to other punctuation (.= ..< ?.) no longer form, which our copy never
 * writes.
 */
const ASCII_PUNCTUATION: [number, number][] = [
  [0x21, 0x2f],
  [0x3a, 0x40],
  [0x5b, 0x60],
  [0x7b, 0x7e],
];
/**
 * `$`, `%`, `,` and `.`: what numeric table cells (costs, shares, figures) are written in besides
 * digits. ui's preloadNumericCellFonts asks for the same characters (FIGURES): change both together.
 */
const FIGURE_PUNCTUATION: [number, number][] = [
  [0x24, 0x25],
  [0x2c, 0x2c],
  [0x2e, 0x2e],
];

/**
 * Splits each web font in faces by character: a small one with the core characters (a few kB
 * instead of 24 kB per weight), which is all that most pages download, and one with the rest of
 * the Latin range, which the browser fetches only for text that needs its other characters
 * (unicode-range tells it which). The glyphs are the same, so text looks as before.
 *
 * Inter's three weights come from one variable face (Inter's own, limited to the weights the design
 * uses): its core subset is 18 kB where the three static ones were 36 kB, and it is one request
 * instead of three. Its outlines at 400, 500 and 600 are the static faces' (both are instances of
 * the same design space). Storybook keeps the static faces of fonts.ts.
 *
 * The subsets are made once per font file and recipe and kept in node_modules/.cache.
 */
function coreFontSubsets(): Plugin {
  const cacheDir = path.join(webRoot, 'node_modules/.cache/mako-font-subsets');
  const require = createRequire(import.meta.url);

  /** `source` cut to `ranges` (and to Inter's weights when given), cached by what it was cut with. */
  async function subset(
    source: string,
    slice: string,
    ranges: [number, number][],
    weights?: { min: number; max: number },
  ) {
    const text = charactersOf(ranges);
    const recipe = createHash('sha256')
      .update(`${text}|${KEPT_FONT_FEATURES.join(',')}|${JSON.stringify(weights ?? null)}`)
      .digest('hex')
      .slice(0, 8);
    const file = path.join(cacheDir, `${path.basename(source, '.woff2')}-${slice}-${recipe}.woff2`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      const font = await subsetFont(fs.readFileSync(source), text, {
        targetFormat: 'woff2',
        keepFeatures: KEPT_FONT_FEATURES,
        ...(weights && { variationAxes: { wght: weights } }),
      });
      fs.writeFileSync(file, font);
    }
    return file;
  }

  return {
    name: 'mako:core-font-subsets',
    apply: 'build',
    enforce: 'pre',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => PRELOADED_FONT.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
    resolveId(source) {
      const weight = INTER_STATIC_CSS.exec(source)?.[1];
      if (!weight) return null;
      // The variable face covers every weight: the first import declares it, the others are empty.
      return weight === String(INTER_WEIGHTS.min) ? INTER_VARIABLE_FACE : `${INTER_VARIABLE_FACE}?${weight}`;
    },
    async load(id) {
      if (id.startsWith(INTER_VARIABLE_FACE)) {
        if (id !== INTER_VARIABLE_FACE) return '';
        const packageDir = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));
        const latinRange = /\/\* inter-latin-wght-normal \*\/[^}]*unicode-range: ([^;]+);/.exec(
          fs.readFileSync(path.join(packageDir, 'wght.css'), 'utf8'),
        )?.[1];
        if (!latinRange) throw new Error(`Unexpected @fontsource-variable layout in ${packageDir}`);
        const source = path.join(packageDir, 'files', INTER_VARIABLE_FILE);
        const rest = subtractRanges(parseRanges(latinRange), CORE_CHARACTERS);
        const weight = `${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max}`;
        return (
          fontFace('Inter', weight, await subset(source, 'rest', rest, INTER_WEIGHTS), rest) +
          fontFace('Inter', weight, await subset(source, 'core', CORE_CHARACTERS, INTER_WEIGHTS), CORE_CHARACTERS)
        );
      }
      const weight = MONO_LATIN_CSS.exec(id)?.[1];
      if (!weight) return null;
      const css = fs.readFileSync(id, 'utf8');
      // The per-subset file lacks the range; the package's index.css states it for every face.
      const latinRange = /-latin-\d+-normal \*\/[^}]*unicode-range: ([^;]+);/.exec(
        fs.readFileSync(path.join(path.dirname(id), 'index.css'), 'utf8'),
      )?.[1];
      const woff2 = /url\(\.\/files\/([\w-]+\.woff2)\)/.exec(css)?.[1];
      if (!latinRange || !woff2) throw new Error(`Unexpected @fontsource layout in ${id}`);
      const source = path.join(path.dirname(id), 'files', woff2);
      const rest = subtractRanges(parseRanges(latinRange), CORE_CHARACTERS);
      const punctuation = subtractRanges(ASCII_PUNCTUATION, FIGURE_PUNCTUATION);
      const core = subtractRanges(CORE_CHARACTERS, punctuation);
      return (
        fontFace('JetBrains Mono', weight, source, rest) +
        fontFace('JetBrains Mono', weight, await subset(source, 'punctuation', punctuation), punctuation) +
        fontFace('JetBrains Mono', weight, await subset(source, 'core', core), core)
      );
    },
  };
}

/** The stylesheet of the entry chunk, named after it (index.html's main.tsx → index). */
const ENTRY_STYLESHEET = /^assets\/index-[\w-]+\.css$/;

/**
 * The entry's stylesheet (the @font-face rules and a few global ones, under 1 kB compressed) goes
 * into index.html as a <style>: one request less before the first paint, whose headers alone
 * (about 1 kB) outweighed the file. The CSP allows inline styles, which styled-components needs.
 * The file stays in the build: lazy chunks that import the entry (the charts) list it among the
 * files they load, and fetch it once more on the pages that show them; the rules repeat harmlessly.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'mako:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!ENTRY_STYLESHEET.test(file) || asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

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
 * Without them in the page, a phone fetches the entry, runs it, and only then asks for the page's
 * code: on Lighthouse's phone link that cost `/benchmarks/` about 400 ms of LCP.
 */
function routePreloads(): Plugin {
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
      const unknown = Object.keys(PAGE_FONTS).filter((pagePath) => !(pagePath in preloads));
      if (unknown.length > 0) this.error(`PAGE_FONTS names pages the app does not have: ${unknown.join(', ')}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, at the
 * highest settings: the work is done once here instead of per request, and the server sends the
 * copy the browser accepts (apps/api/src/http/web.ts). A copy no smaller than its file is skipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mako:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => COMPRESSIBLE_FILE.test(file) && !file.startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = fs.readFileSync(full);
          const copies: [string, Buffer][] = [
            [
              '.br',
              await brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
            ['.gz', await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
          ];
          for (const [extension, copy] of copies)
            if (copy.length < content.length) fs.writeFileSync(full + extension, copy);
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  resolve: {
    alias: [
      // The web app ships the Latin subset of its fonts (one @font-face per weight instead of seven);
      // other scripts fall back to the system font. Storybook keeps the full sets. Inter becomes one
      // variable face (see coreFontSubsets).
      { find: /^@fontsource\/(jetbrains-mono)\/(\d+)\.css$/, replacement: '@fontsource/$1/latin-$2.css' },
      // The router's store asks for the shim of useSyncExternalStore, a copy for React 17 and older;
      // React 19 has its own, which the non-shim build uses.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  plugins: [
    // Must come before the React plugin: it rewrites route files into code-split chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader, and its pending, error and not-found states, load with its component
      // instead of sitting in the entry chunk that every page pays for. The loaders name the API
      // calls of their pages, and with them the schemas of those calls.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
    uiTreeShaking(),
    coreFontSubsets(),
    inlineEntryStylesheet(),
    routePreloads(),
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    host: '127.0.0.1',
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/downloads': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    host: '127.0.0.1',
    proxy: { '/api': { target: API_TARGET }, '/downloads': { target: API_TARGET } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The maps stay next to the bundles for debugging and for `pnpm bundle-size`'s breakdown, but
    // the bundles do not point to them and the server refuses to serve them.
    sourcemap: 'hidden',
    // A font is fetched only when text uses it; inlined, every weight would come with the stylesheet.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    manifest: true,
    // The polyfill only makes browsers without <link rel="modulepreload"> (Firefox before 115,
    // Safari before 17) fetch a route's chunks a little earlier; every target browser loads them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into one file: the first page needs all
          // of it anyway, and one file compresses better and costs fewer requests than the handful
          // of shared chunks the bundler would otherwise cut it into (3.7 kB less gzipped).
          groups: [
            { name: 'start', tags: ['$initial'] },
            // What `/` shares with other pages (the form primitives of the home screen and the query
            // hooks) goes into one file too. Left alone, the bundler cuts it into a dozen files of a
            // few hundred bytes, one per set of routes using each, and `/` fetches them all: 4.5 kB
            // more gzipped. The other pages use most of it as well. A component the home screen
            // starts to use shows up as a file of its own in `pnpm bundle-size`: add its folder.
            { name: 'home-shared', test: HOME_SHARED_MODULE },
            // The layout, the table and the small parts around them that the signed-in pages share
            // go into one file too (see ROUTE_KIT_MODULE).
            { name: 'route-kit', test: ROUTE_KIT_MODULE },
          ],
        },
      },
    },
  },
});
