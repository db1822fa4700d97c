import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode } from '@tp/contract';
import type { z } from 'zod';
import { render } from '../i18n/index';
import { describeControlCharacter, describeIssues } from '../i18n/validation';
import { AppError, ControlCharacterError, INTERNAL_ERROR, RateLimitedError, ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

/** Rebuilds zod issues from fastify's validation entries, so messages can be translated here. */
function issuesOf(validation: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[]): Issue[] {
  return validation.map((v) => {
    const path = v.instancePath.split('/').filter(Boolean);
    const missing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
    return { ...v.params, code: v.keyword, path, message: v.message ?? '', input: missing ? undefined : null } as unknown as Issue;
  });
}

function send(reply: FastifyReply, status: number, body: { code: string; message: string; value: unknown }) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The one error handler: business errors become the envelope, everything else is masked. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = describeIssues(issuesOf(err.validation), lang);
      const error = new ValidationError(fields);
      return send(reply, 422, { code: error.code, message: fields.map((f) => f.message).join('; '), value: { fields } });
    }
    if (err instanceof ControlCharacterError) {
      const field = describeControlCharacter(err.path, lang);
      return send(reply, 400, { code: err.code, message: field.message, value: { fields: [field] } });
    }
    if (err instanceof ValidationError) {
      return send(reply, err.httpStatus, { code: err.code, message: err.fields.map((f) => f.message).join('; '), value: { fields: err.fields } });
    }
    if (err instanceof AppError) {
      return send(reply, err.httpStatus, { code: err.code, message: render(err.text, lang, err.params), value: null });
    }
    if (err.statusCode === 429) {
      const limited = new RateLimitedError();
      return send(reply, 429, { code: limited.code, message: render(limited.text, lang), value: null });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      request.log.info({ err: { message: err.message, code: err.code } }, 'request refused');
      return send(reply, err.statusCode, { code: ResultCode.badRequest, message: err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? render(TOO_LARGE, lang) : render(BAD_REQUEST, lang), value: null });
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, { code: ResultCode.internal, message: render(INTERNAL_ERROR, lang), value: null });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, { code: ResultCode.notFound, message: render(NOT_FOUND, request.lang), value: null }),
  );
}

const BAD_REQUEST = { cn: '请求格式不正确', en: 'The request is malformed', tw: '請求格式不正確' };
const TOO_LARGE = { cn: '请求内容过大', en: 'The request is too large', tw: '請求內容過大' };
const NOT_FOUND = { cn: '请求的地址不存在', en: 'No such address', tw: '請求的位址不存在' };
