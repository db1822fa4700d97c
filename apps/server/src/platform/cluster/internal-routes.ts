import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ResultCode } from '@tp/contract';
import { AppError, ForbiddenError } from '../http/index';
import { text } from '../i18n/index';
import { INTERNAL_SIGNATURE_HEADER, type InternalSigner } from './internal-auth';
import { batchOf, replyOfError, type ForwardedReplies } from './forwarding';

const MALFORMED = text('内部调用格式不正确', 'The internal call is malformed', '內部調用格式不正確');

export interface InternalRoute<C extends z.ZodTypeAny> {
  path: string;
  /** One command as the other instances send it. */
  command: C;
  /** Runs one forwarded command here (it must not be forwarded again). */
  serve(command: z.output<C>): Promise<unknown>;
  /** Names the engine in the log line of an unexpected failure. */
  engine: string;
}

/**
 * The route other instances forward an engine's commands to, in batches. Only instances holding
 * APP_SECRET can call it (the signature covers the exact body), and it is left out of the API document.
 */
export function registerInternalRoute<C extends z.ZodTypeAny>(app: FastifyInstance, signer: InternalSigner, route: InternalRoute<C>): void {
  const Batch = batchOf(route.command);
  void app.register(async (scope) => {
    // The body is checked as sent, byte for byte, before it is parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(route.path, { schema: { hide: true } }, async (request): Promise<ForwardedReplies> => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[INTERNAL_SIGNATURE_HEADER];
      if (!signer.verify(typeof signature === 'string' ? signature : undefined, 'POST', route.path, raw)) throw new ForbiddenError();
      let commands: z.output<C>[];
      try {
        commands = Batch.parse(JSON.parse(raw)).commands as z.output<C>[];
      } catch {
        throw new AppError(ResultCode.badRequest, 400, MALFORMED);
      }
      const unexpected = (err: unknown) => request.log.error({ err }, `a forwarded ${route.engine} command failed`);
      // The commands run side by side, as separate requests would: the engine's group commit gathers them.
      const replies = await Promise.all(
        commands.map((command) =>
          route.serve(command).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => replyOfError(error, unexpected),
          ),
        ),
      );
      return { replies };
    });
  });
}
