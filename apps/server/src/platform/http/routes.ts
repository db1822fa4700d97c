import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok, replyOf } from './envelope';

/** The one service call behind a route: the checked body in, the value to reply out. */
export type BodyHandler<B extends z.ZodType, R extends z.ZodType> = (body: z.infer<B>, request: FastifyRequest) => Promise<z.input<R>>;

/** Registers one POST route for an audience: `post.user(path, BodySchema, ResponseSchema, handler)`. */
export type PostRoute = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R, handle: BodyHandler<B, R>) => void;

/**
 * The POST routes of a module, by audience (`config`: who may call, what to limit or audit). Each
 * route checks its body, makes one service call and replies the result in the envelope, stripped to
 * the response schema. Routes that take files, stream or reply nothing register on Fastify directly.
 */
export function postRoutes<A extends Record<string, FastifyContextConfig>>(app: FastifyInstance, audiences: A): { [K in keyof A]: PostRoute } {
  const routeFor =
    (config: FastifyContextConfig): PostRoute =>
    (path, body, response, handle) => {
      // The handler's type ties the reply to the response schema; Fastify checks both at run time.
      app.post(path, { schema: { body, response: replyOf(response) }, config }, async (request) => ok(await handle(request.body as z.infer<typeof body>, request)));
    };
  return Object.fromEntries(Object.entries(audiences).map(([name, config]) => [name, routeFor(config)])) as { [K in keyof A]: PostRoute };
}
