import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The runner's tarballs as `npm pack` names them: the newest, and each version by its number. */
const TARBALL = /^mako-runner(-\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)?\.tgz$/;

/**
 * GET /downloads/mako-runner.tgz (and mako-runner-<version>.tgz): the runner package built by
 * `pnpm --filter @mako/runner build`, so that a GPU host installs it with
 * `npm install -g <PUBLIC_URL>/downloads/mako-runner.tgz`. The files are read from disk on each
 * request, so a rebuild is served without a restart. Only those names are served from `dir`.
 */
export function serveDownloads(app: FastifyInstance, dir: string): void {
  app.get<{ Params: { file: string } }>('/downloads/:file', async (request, reply) => {
    const { file } = request.params;
    const stat = TARBALL.test(file) ? await fs.promises.stat(path.join(dir, file)).catch(() => null) : null;
    if (!stat?.isFile()) return reply.code(404).send({ detail: 'Not Found' });
    // A versioned name never changes; the plain name moves to each new version.
    const versioned = file !== 'mako-runner.tgz';
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('content-length', stat.size);
    return reply.send(fs.createReadStream(path.join(dir, file)));
  });
}
