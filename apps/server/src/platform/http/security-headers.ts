import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What every answer carries; the page assets are this server's own, and PDFs preview from blob: URLs. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      // Contract PDFs are previewed in the page from blob: URLs, in the browser's own PDF viewer.
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'self'", 'blob:'],
    },
  },
};

/** Headers of any answer that are not helmet's. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers, worked out once. The Fastify plugin builds helmet's middleware again for
 * every request (parsing the policy each time), a cost every order paid; the headers here use no
 * nonce and do not depend on the request, so one answer of a throwaway server gives them all.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(helmet, HELMET_OPTIONS);
    probe.get('/', () => '');
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(answer.headers).flatMap(([name, value]) => (NOT_SECURITY.has(name) || value === undefined ? [] : [[name, String(value)]])),
    );
  } finally {
    await probe.close();
  }
}

/** Every answer, API or page, carries the security headers. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
