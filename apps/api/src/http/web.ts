import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@mako/contract';

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const isApi = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith('/api/');
/** The build keeps its source maps next to the bundles for debugging; they are not for the public. */
const isSourceMap = (pathName: string) => pathName.endsWith('.map');

/**
 * Serves the built web app when its directory exists: hashed assets are cached for good, and any
 * other GET that wants HTML gets index.html so that client-side routes survive a reload. Everything
 * else that matches nothing is a JSON 404. The build writes a brotli (.br) and a gzip (.gz) copy
 * of each compressible file; the copy the client accepts is sent in its place.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  const present = fs.existsSync(index);
  if (present) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on Accept-Encoding whenever a compressed copy exists; caches must know.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      present &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(url) &&
      !isSourceMap(url) &&
      wantsHtml(request)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
  return present;
}
