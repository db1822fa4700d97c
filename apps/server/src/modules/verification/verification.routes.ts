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
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { VerificationService } from './verification.service';

/** Tries at ID numbers are tries at someone else's identity: few per minute. */
const SUBMIT_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export function registerVerificationRoutes(app: FastifyInstance, verification: VerificationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, { userSubmits: { auth: 'user', rateLimit: SUBMIT_LIMIT }, reviewer: { auth: { staff: 'kyc.review' } } });
  r.post(VerificationPath.status, { schema: { response: replyOf(VerificationStatus) }, config: { auth: 'user' } }, async (request) =>
    ok(await verification.status(caller(request))),
  );
  post.userSubmits(VerificationPath.basic, BasicVerificationRequest, VerificationStatus, (body, request) => verification.basic(caller(request), body));
  post.userSubmits(VerificationPath.senior, SeniorVerificationRequest, VerificationStatus, (body, request) => verification.senior(caller(request), body));
  post.reviewer(VerificationPath.adminSeniorList, AdminSeniorListRequest, AdminSeniorPage, (body) => verification.adminList(body));
  post.reviewer(VerificationPath.adminSeniorDetail, z.strictObject({ id: z.string().regex(/^\d{1,12}$/) }), AdminSeniorRow, (body) => verification.adminDetail(body.id));
  post.reviewer(VerificationPath.adminSeniorDecide, AdminSeniorDecision, AdminSeniorRow, (body, request) => verification.adminDecide(caller(request), body));
}
