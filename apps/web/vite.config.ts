import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

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
  const themeSource = path.join(uiSource, 'theme') + path.sep;
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

export default defineConfig({
  root: webRoot,
  resolve: {
    alias: [
      // The web app ships the Latin subset of its fonts (one @font-face per weight instead of seven);
      // other scripts fall back to the system font. Storybook keeps the full sets.
      { find: /^@fontsource\/(inter|jetbrains-mono)\/(\d+)\.css$/, replacement: '@fontsource/$1/latin-$2.css' },
    ],
  },
  plugins: [
    // Must come before the React plugin: it rewrites route files into code-split chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader, and its pending, error and not-found states, load with its component
      // instead of sitting in the entry chunk that every page pays for. The loaders name the API
      // calls of their pages, and with them every entity schema and zod's classic API.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
    uiTreeShaking(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    host: '127.0.0.1',
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: { port: 4173, host: '127.0.0.1', proxy: { '/api': { target: API_TARGET } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
});
