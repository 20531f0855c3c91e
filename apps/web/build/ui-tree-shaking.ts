import path from 'node:path';
import type { Plugin } from 'vite';
import { webRoot } from './web-root.ts';

const uiSource = path.resolve(webRoot, '../../packages/ui/src') + path.sep;

/**
 * The component library is imported through its barrel. Its modules only define components
 * (styled-components calls look like side effects to the bundler), except the theme, which
 * installs fonts and global styles. Declaring the rest side-effect free lets the bundler drop
 * what a route does not use, which keeps the charts and tables out of the login page.
 */
export function uiTreeShaking(): Plugin {
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
