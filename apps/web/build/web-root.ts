import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web, whichever file of the build asks. */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
