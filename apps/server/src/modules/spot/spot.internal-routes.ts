import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@tp/contract';
import { AppError, ForbiddenError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { INTERNAL_SIGNATURE_HEADER, type InternalSigner } from '../../platform/cluster/index';
import { ForwardedBatch, SPOT_INTERNAL_PATH, replyOfError, type ForwardedReplies } from './forwarding';
import type { SpotService } from './spot.service';

const MALFORMED = text('内部调用格式不正确', 'The internal call is malformed', '內部調用格式不正確');

/**
 * The route other instances forward market commands to. Only instances holding APP_SECRET can
 * call it (the signature covers the exact body), and it is left out of the API document.
 */
export function registerSpotInternalRoutes(app: FastifyInstance, spot: Pick<SpotService, 'serve'>, signer: InternalSigner): void {
  void app.register(async (scope) => {
    // The body is checked as sent, byte for byte, before it is parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(SPOT_INTERNAL_PATH, { schema: { hide: true } }, async (request): Promise<ForwardedReplies> => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[INTERNAL_SIGNATURE_HEADER];
      if (!signer.verify(typeof signature === 'string' ? signature : undefined, 'POST', SPOT_INTERNAL_PATH, raw)) throw new ForbiddenError();
      let batch: ForwardedBatch;
      try {
        batch = ForwardedBatch.parse(JSON.parse(raw));
      } catch {
        throw new AppError(ResultCode.badRequest, 400, MALFORMED);
      }
      const unexpected = (err: unknown) => request.log.error({ err }, 'a forwarded spot command failed');
      // The commands run side by side, as separate requests would: the market's group commit gathers them.
      const replies = await Promise.all(
        batch.commands.map((command) =>
          spot.serve(command).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => replyOfError(error, unexpected),
          ),
        ),
      );
      return { replies };
    });
  });
}
