import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The three web apps and the URL prefix each is served at. */
const WEB_APPS = [
  { dir: 'exchange-web', prefix: '/exchange/' },
  { dir: 'admin-web', prefix: '/admin/' },
  { dir: 'commodity-web', prefix: '/' },
] as const;

/** Hashed asset names change with their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * API paths, also under an app's prefix (a client given the exchange's address as its base URL):
 * an unknown one answers the JSON 404, never a page with 200, which a client would read as success.
 */
const API_PATH = /^(?:\/(?:exchange|admin))?\/[sw]?api(?:\/|$)/;

/**
 * Serves each built app under its prefix, with the app's index.html for any unknown path below it
 * so client-side routes survive a reload. API paths never fall through to a page.
 *
 * The build writes a brotli and a gzip copy beside each text asset; the copy the browser accepts
 * (Accept-Encoding) is sent as is, with the original's Content-Type, and `Vary: Accept-Encoding`
 * keeps shared caches from mixing them up. HEAD answers like GET, without the body.
 */
export async function serveWebApps(app: FastifyInstance, appsDir: string): Promise<void> {
  const present = WEB_APPS.filter((w) => existsSync(path.join(appsDir, w.dir, 'dist', 'index.html')));
  for (const [i, web] of present.entries()) {
    await app.register(fastifyStatic, {
      root: path.join(appsDir, web.dir, 'dist'),
      prefix: web.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // index.html names the current assets, so it must always be fetched fresh.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/ws')) return;
    const url = request.url.split('?')[0] ?? '/';
    if (path.extname(url) || API_PATH.test(url)) return;
    const web = present.find((w) => url === w.prefix.slice(0, -1) || url.startsWith(w.prefix));
    if (!web) return;
    if (url === web.prefix.slice(0, -1) && web.prefix !== '/') return reply.redirect(web.prefix);
    return reply.sendFile('index.html', path.join(appsDir, web.dir, 'dist'));
  });
}
