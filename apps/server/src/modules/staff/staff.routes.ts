import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignStaffRolesRequest,
  AuditLogRequest,
  AuditLogRow,
  AuditVerifyReport,
  SaveStaffRoleRequest,
  StaffAccess,
  StaffMemberRow,
  StaffPath,
  StaffRoleIdRequest,
  StaffRoleRow,
  pageOf,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { StaffService } from './staff.service';

export function registerStaffRoutes(app: FastifyInstance, staff: StaffService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { auth: { staff: 'staff.manage' } } as const;
  const audit = { auth: { staff: 'audit.view' } } as const;

  r.post(StaffPath.access, { schema: { response: replyOf(StaffAccess) }, config: { auth: 'staff' } }, async (request) => ok(await staff.accessOf(caller(request).userId)));
  r.post(StaffPath.roles, { schema: { response: replyOf(z.array(StaffRoleRow)) }, config: manage }, async () => ok(await staff.roles()));
  r.post(StaffPath.saveRole, { schema: { body: SaveStaffRoleRequest, response: replyOf(StaffRoleRow) }, config: manage }, async (request) =>
    ok(await staff.saveRole(caller(request), request.body)),
  );
  r.post(StaffPath.deleteRole, { schema: { body: StaffRoleIdRequest, response: replyOf(z.null()) }, config: manage }, async (request) => {
    await staff.deleteRole(caller(request), request.body.roleId);
    return ok(null);
  });
  r.post(StaffPath.members, { schema: { response: replyOf(z.array(StaffMemberRow)) }, config: manage }, async () => ok(await staff.members()));
  r.post(StaffPath.assign, { schema: { body: AssignStaffRolesRequest, response: replyOf(StaffMemberRow) }, config: manage }, async (request) =>
    ok(await staff.assign(caller(request), request.body)),
  );
  r.post(StaffPath.auditLog, { schema: { body: AuditLogRequest, response: replyOf(pageOf(AuditLogRow)) }, config: audit }, async (request) =>
    ok(await staff.auditLog(request.body)),
  );
  r.post(StaffPath.auditVerify, { schema: { response: replyOf(AuditVerifyReport) }, config: audit }, async () => ok(await staff.verifyAudit()));
}
