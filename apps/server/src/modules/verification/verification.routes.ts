import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSeniorDecision,
  AdminSeniorListRequest,
  AdminSeniorPage,
  AdminSeniorRow,
  BasicVerificationRequest,
  SeniorVerificationRequest,
  VerificationPath,
  VerificationStatus,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { VerificationService } from './verification.service';

/** Tries at ID numbers are tries at someone else's identity: few per minute. */
const SUBMIT_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export function registerVerificationRoutes(app: FastifyInstance, verification: VerificationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(VerificationPath.status, { schema: { response: replyOf(VerificationStatus) }, config: { auth: 'user' } }, async (request) =>
    ok(await verification.status(caller(request))),
  );
  r.post(
    VerificationPath.basic,
    { schema: { body: BasicVerificationRequest, response: replyOf(VerificationStatus) }, config: { auth: 'user', rateLimit: SUBMIT_LIMIT } },
    async (request) => ok(await verification.basic(caller(request), request.body)),
  );
  r.post(
    VerificationPath.senior,
    { schema: { body: SeniorVerificationRequest, response: replyOf(VerificationStatus) }, config: { auth: 'user', rateLimit: SUBMIT_LIMIT } },
    async (request) => ok(await verification.senior(caller(request), request.body)),
  );
  r.post(
    VerificationPath.adminSeniorList,
    { schema: { body: AdminSeniorListRequest, response: replyOf(AdminSeniorPage) }, config: { auth: { staff: 'kyc.review' } } },
    async (request) => ok(await verification.adminList(request.body)),
  );
  r.post(
    VerificationPath.adminSeniorDetail,
    { schema: { body: z.strictObject({ id: z.string().regex(/^\d{1,12}$/) }), response: replyOf(AdminSeniorRow) }, config: { auth: { staff: 'kyc.review' } } },
    async (request) => ok(await verification.adminDetail(request.body.id)),
  );
  r.post(
    VerificationPath.adminSeniorDecide,
    { schema: { body: AdminSeniorDecision, response: replyOf(AdminSeniorRow) }, config: { auth: { staff: 'kyc.review' } } },
    async (request) => ok(await verification.adminDecide(caller(request), request.body)),
  );
}
