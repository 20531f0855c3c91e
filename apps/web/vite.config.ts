import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { HOME_SHARED_MODULE, ROUTE_KIT_MODULE } from './build/chunk-groups.ts';
import { noGlobalEnglishMessages } from './build/english-messages.ts';
import { coreFontSubsets } from './build/font-subsets.ts';
import { inlineEntryStylesheet } from './build/inline-entry-stylesheet.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { uiTreeShaking } from './build/ui-tree-shaking.ts';
import { webRoot } from './build/web-root.ts';

// The build's own plugins and chunk groups are in build/, a file each.

/** The API server `pnpm dev` starts next to this one (apps/api's default port). */
const API_TARGET = process.env.MAKO_API_URL ?? 'http://127.0.0.1:8000';

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
    noGlobalEnglishMessages(),
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
