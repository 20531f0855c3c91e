import path from 'node:path';
import type { Plugin } from 'vite';
import { webRoot } from './web-root.ts';

const contractSource = path.resolve(webRoot, '../../packages/contract/src') + path.sep;
const EMPTY_MODULE = '\0mako:no-english-messages';

/**
 * The contract installs zod's English messages for every consumer (packages/contract/src/
 * english-messages.ts): about 1 kB that `/` would send and never show. The web app shows a zod
 * message in one place, the serve-requests form, which passes the English messages to its own
 * parse (lib/notices/english-messages.ts); everywhere else a failed parse in the browser is the
 * API answering otherwise than the contract says, and reads 'Invalid input'. Dev and build alike,
 * so that what a developer sees is what ships.
 */
export function noGlobalEnglishMessages(): Plugin {
  return {
    name: 'mako:no-global-english-messages',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './english-messages.ts' || !importer?.startsWith(contractSource)) return null;
      return EMPTY_MODULE;
    },
    load(id) {
      return id === EMPTY_MODULE ? { code: 'export {};', moduleSideEffects: false } : null;
    },
  };
}
