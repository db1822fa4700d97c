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

/**
 * Serves each built app under its prefix, with the app's index.html for any unknown path below it
 * so client-side routes survive a reload. API paths never fall through to a page.
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
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fetched fresh.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/ws')) return;
    const url = request.url.split('?')[0] ?? '/';
    if (path.extname(url)) return;
    const web = present.find((w) => url === w.prefix.slice(0, -1) || url.startsWith(w.prefix));
    if (!web) return;
    if (url === web.prefix.slice(0, -1) && web.prefix !== '/') return reply.redirect(web.prefix);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', path.join(appsDir, web.dir, 'dist'));
  });
}
