import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, at the
 * highest settings: the work is done once here instead of per request, and the server sends the
 * copy the browser accepts (apps/api/src/http/web.ts). A copy no smaller than its file is skipped.
 */
export function precompress(): Plugin {
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
