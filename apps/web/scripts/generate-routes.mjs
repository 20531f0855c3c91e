// Writes src/routeTree.gen.ts from the file routes, with the same generator and tsr.config.json as
// the Vite plugin, so that typecheck and lint work on a fresh clone before any dev server or build ran.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getConfig } from '@tanstack/router-plugin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The plugin's own copy of the generator: a second version could write a different tree.
const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@tanstack/router-plugin/package.json'));
const generatorDir = path.dirname(fromPlugin.resolve('@tanstack/router-generator/package.json'));
const { Generator } = await import(pathToFileURL(path.join(generatorDir, 'dist/esm/index.js')).href);

const generator = new Generator({ config: getConfig({}, root), root });
await generator.run();
