import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvitationInfo, InvitationPath, InvitationRecordPage, InvitationRecordsRequest } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import { caller, ok, replyOf } from '../../platform/http/index';
import { invitationOf, invitationRecords } from './invitation';

/** Where an invitation link leads: the exchange's sign-up page, which pre-fills the code. */
const REGISTER_PATH = '/exchange/register';

export function registerInvitationRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(InvitationPath.info, { schema: { response: replyOf(InvitationInfo) }, config: { auth: 'user' } }, async (request) =>
    ok(await invitationOf(deps.db, Number(caller(request).userId), REGISTER_PATH)),
  );
  r.post(
    InvitationPath.records,
    { schema: { body: InvitationRecordsRequest, response: replyOf(InvitationRecordPage) }, config: { auth: 'user' } },
    async (request) => ok(await invitationRecords(deps.db, Number(caller(request).userId), request.body)),
  );
}
