import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountRelation,
  AddressIdRequest,
  AddressRow,
  AddressSaveRequest,
  AdminCertificationDecision,
  AdminCertificationListRequest,
  AdminCertificationPage,
  AdminCertificationRow,
  CertificationInfo,
  CertificationPhotoQuery,
  CertificationRequest,
  CompanyOverview,
  EnterprisePath,
  RightCatalogueEntry,
  RoleAddRequest,
  RoleDeleteRequest,
  RoleRow,
  RoleUpdateRequest,
  SealInfo,
  StaffAddRequest,
  StaffDeleteRequest,
  StaffRow,
  StaffUpdateRequest,
  UploadedFile,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import { readOptionalImage } from '../../platform/uploads/index';
import type { CertificationService } from './certification.service';
import type { ProfileService } from './profile.service';
import type { StaffService } from './staff.service';

const NoBody = z.strictObject({}).optional();
const IdBody = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,14}$/) });
const imageSchema = { consumes: ['multipart/form-data'] };
/** Certification submissions and photos carry identity documents: a few per minute. */
const SUBMIT_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export interface EnterpriseRouteServices {
  certification: CertificationService;
  staff: StaffService;
  profile: ProfileService;
}

export function registerEnterpriseRoutes(app: FastifyInstance, services: EnterpriseRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { certification, staff, profile } = services;
  const user = { auth: 'user' } as const;

  // ---- certification ----
  r.post(EnterprisePath.certification, { schema: { body: NoBody, response: replyOf(CertificationInfo) }, config: user }, async (request) =>
    ok(await certification.info(caller(request))),
  );
  r.post(
    EnterprisePath.certificationSubmit,
    { schema: { body: CertificationRequest, response: replyOf(CertificationInfo) }, config: { ...user, rateLimit: SUBMIT_LIMIT } },
    async (request) => ok(await certification.submit(caller(request), request.body, request.lang)),
  );
  r.post(
    EnterprisePath.certificationPhoto,
    { schema: { ...imageSchema, querystring: CertificationPhotoQuery, response: replyOf(UploadedFile) }, config: { ...user, rateLimit: SUBMIT_LIMIT } },
    async (request) => {
      const auth = caller(request);
      return ok(await certification.uploadPhoto(auth, request.query.field, await readOptionalImage(request, 'certification'), request.lang));
    },
  );

  // ---- the firm as its users see it ----
  r.post(EnterprisePath.accountRelation, { schema: { body: NoBody, response: replyOf(AccountRelation) }, config: user }, async (request) =>
    ok(await profile.relation(caller(request))),
  );
  r.post(EnterprisePath.overview, { schema: { body: NoBody, response: replyOf(CompanyOverview) }, config: user }, async (request) =>
    ok(await profile.overview(caller(request))),
  );
  r.post(EnterprisePath.rightCatalogue, { schema: { body: NoBody, response: replyOf(z.array(RightCatalogueEntry)) }, config: user }, async (request) =>
    ok(staff.rightCatalogue(request.lang)),
  );

  // ---- staff and roles ----
  r.post(EnterprisePath.staffList, { schema: { body: NoBody, response: replyOf(z.array(StaffRow)) }, config: user }, async (request) =>
    ok(await staff.listStaff(caller(request))),
  );
  r.post(EnterprisePath.staffAdd, { schema: { body: StaffAddRequest, response: replyOf(StaffRow) }, config: user }, async (request) =>
    ok(await staff.addStaff(caller(request), request.body, request.lang)),
  );
  r.post(EnterprisePath.staffUpdate, { schema: { body: StaffUpdateRequest, response: replyOf(StaffRow) }, config: user }, async (request) =>
    ok(await staff.updateStaff(caller(request), request.body, request.lang)),
  );
  r.post(EnterprisePath.staffDelete, { schema: { body: StaffDeleteRequest, response: replyOf(z.null()) }, config: user }, async (request) =>
    ok(await staff.deleteStaff(caller(request), request.body, request.lang)),
  );
  r.post(EnterprisePath.roleList, { schema: { body: NoBody, response: replyOf(z.array(RoleRow)) }, config: user }, async (request) =>
    ok(await staff.listRoles(caller(request))),
  );
  r.post(EnterprisePath.roleAdd, { schema: { body: RoleAddRequest, response: replyOf(RoleRow) }, config: user }, async (request) =>
    ok(await staff.addRole(caller(request), request.body, request.lang)),
  );
  r.post(EnterprisePath.roleUpdate, { schema: { body: RoleUpdateRequest, response: replyOf(RoleRow) }, config: user }, async (request) =>
    ok(await staff.updateRole(caller(request), request.body, request.lang)),
  );
  r.post(EnterprisePath.roleDelete, { schema: { body: RoleDeleteRequest, response: replyOf(z.null()) }, config: user }, async (request) =>
    ok(await staff.deleteRole(caller(request), request.body, request.lang)),
  );

  // ---- delivery addresses ----
  r.post(EnterprisePath.addressList, { schema: { body: NoBody, response: replyOf(z.array(AddressRow)) }, config: user }, async (request) =>
    ok(await profile.listAddresses(caller(request))),
  );
  r.post(EnterprisePath.addressSave, { schema: { body: AddressSaveRequest, response: replyOf(AddressRow) }, config: user }, async (request) =>
    ok(await profile.saveAddress(caller(request), request.body)),
  );
  r.post(EnterprisePath.addressDelete, { schema: { body: AddressIdRequest, response: replyOf(z.null()) }, config: user }, async (request) =>
    ok(await profile.deleteAddress(caller(request), request.body)),
  );
  r.post(EnterprisePath.addressDefault, { schema: { body: AddressIdRequest, response: replyOf(AddressRow) }, config: user }, async (request) =>
    ok(await profile.setDefaultAddress(caller(request), request.body)),
  );

  // ---- signature seal ----
  r.post(EnterprisePath.seal, { schema: { body: NoBody, response: replyOf(SealInfo) }, config: user }, async (request) => ok(await profile.seal(caller(request))));
  r.post(EnterprisePath.sealUpload, { schema: { ...imageSchema, response: replyOf(SealInfo) }, config: { ...user, rateLimit: SUBMIT_LIMIT } }, async (request) => {
    const auth = caller(request);
    return ok(await profile.uploadSeal(auth, await readOptionalImage(request, 'certification'), request.lang));
  });

  // ---- back office: member review (level 1) and risk control (level 2) ----
  r.post(
    EnterprisePath.adminCertificationList,
    { schema: { body: AdminCertificationListRequest, response: replyOf(AdminCertificationPage) }, config: { auth: { staff: 'certification.review' } } },
    async (request) => ok(await certification.adminList(request.body)),
  );
  r.post(
    EnterprisePath.adminCertificationDetail,
    { schema: { body: IdBody, response: replyOf(AdminCertificationRow) }, config: { auth: { staff: 'certification.review' } } },
    async (request) => ok(await certification.adminDetail(request.body.id)),
  );
  r.post(
    EnterprisePath.adminCertificationDecide,
    { schema: { body: AdminCertificationDecision, response: replyOf(AdminCertificationRow) }, config: { auth: { staff: 'certification.review' } } },
    async (request) => ok(await certification.adminDecide(caller(request), request.body)),
  );
}
