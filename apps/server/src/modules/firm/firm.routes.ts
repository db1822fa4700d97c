import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminPath, IdentityPath, pageOf } from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import { AdminFirmRow, AdminListRequest, LoadRightsRequest, RightEntry } from './firm.schemas';
import type { FirmService } from './firm.service';

export function registerFirmRoutes(app: FastifyInstance, firm: Pick<FirmService, 'loadRights' | 'listFirms'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    IdentityPath.loadRights,
    { schema: { body: LoadRightsRequest, response: replyOf(z.array(RightEntry)) }, config: { auth: 'user' } },
    async (request) => ok(await firm.loadRights(caller(request), request.body, request.lang)),
  );

  r.post(
    AdminPath.firms,
    { schema: { body: AdminListRequest, response: replyOf(pageOf(AdminFirmRow)) }, config: { auth: { staff: 'users.manage' } } },
    async (request) => ok(await firm.listFirms(request.body)),
  );
}
