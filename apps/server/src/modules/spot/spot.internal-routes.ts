import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@tp/contract';
import { AppError, ForbiddenError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { INTERNAL_SIGNATURE_HEADER, type InternalSigner } from '../../platform/cluster/index';
import { ForwardedCommand, SPOT_INTERNAL_PATH, replyOfError, type ForwardedReply } from './forwarding';
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
    scope.post(SPOT_INTERNAL_PATH, { schema: { hide: true } }, async (request): Promise<ForwardedReply> => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[INTERNAL_SIGNATURE_HEADER];
      if (!signer.verify(typeof signature === 'string' ? signature : undefined, 'POST', SPOT_INTERNAL_PATH, raw)) throw new ForbiddenError();
      let command: ForwardedCommand;
      try {
        command = ForwardedCommand.parse(JSON.parse(raw));
      } catch {
        throw new AppError(ResultCode.badRequest, 400, MALFORMED);
      }
      try {
        return { ok: true, value: await spot.serve(command) };
      } catch (error) {
        return replyOfError(error);
      }
    });
  });
}
