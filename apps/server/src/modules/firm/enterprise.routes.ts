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
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
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
  const post = postRoutes(app, { user, userSubmits: { ...user, rateLimit: SUBMIT_LIMIT }, reviewer: { auth: { staff: 'certification.review' } } });

  // ---- certification ----
  post.user(EnterprisePath.certification, NoBody, CertificationInfo, (body, request) => certification.info(caller(request)));
  post.userSubmits(EnterprisePath.certificationSubmit, CertificationRequest, CertificationInfo, (body, request) => certification.submit(caller(request), body, request.lang));
  r.post(
    EnterprisePath.certificationPhoto,
    { schema: { ...imageSchema, querystring: CertificationPhotoQuery, response: replyOf(UploadedFile) }, config: { ...user, rateLimit: SUBMIT_LIMIT } },
    async (request) => {
      const auth = caller(request);
      return ok(await certification.uploadPhoto(auth, request.query.field, await readOptionalImage(request, 'certification'), request.lang));
    },
  );

  // ---- the firm as its users see it ----
  post.user(EnterprisePath.accountRelation, NoBody, AccountRelation, (body, request) => profile.relation(caller(request)));
  post.user(EnterprisePath.overview, NoBody, CompanyOverview, (body, request) => profile.overview(caller(request)));
  r.post(EnterprisePath.rightCatalogue, { schema: { body: NoBody, response: replyOf(z.array(RightCatalogueEntry)) }, config: user }, async (request) =>
    ok(staff.rightCatalogue(request.lang)),
  );

  // ---- staff and roles ----
  post.user(EnterprisePath.staffList, NoBody, z.array(StaffRow), (body, request) => staff.listStaff(caller(request)));
  post.user(EnterprisePath.staffAdd, StaffAddRequest, StaffRow, (body, request) => staff.addStaff(caller(request), body, request.lang));
  post.user(EnterprisePath.staffUpdate, StaffUpdateRequest, StaffRow, (body, request) => staff.updateStaff(caller(request), body, request.lang));
  post.user(EnterprisePath.staffDelete, StaffDeleteRequest, z.null(), (body, request) => staff.deleteStaff(caller(request), body, request.lang));
  post.user(EnterprisePath.roleList, NoBody, z.array(RoleRow), (body, request) => staff.listRoles(caller(request)));
  post.user(EnterprisePath.roleAdd, RoleAddRequest, RoleRow, (body, request) => staff.addRole(caller(request), body, request.lang));
  post.user(EnterprisePath.roleUpdate, RoleUpdateRequest, RoleRow, (body, request) => staff.updateRole(caller(request), body, request.lang));
  post.user(EnterprisePath.roleDelete, RoleDeleteRequest, z.null(), (body, request) => staff.deleteRole(caller(request), body, request.lang));

  // ---- delivery addresses ----
  post.user(EnterprisePath.addressList, NoBody, z.array(AddressRow), (body, request) => profile.listAddresses(caller(request)));
  post.user(EnterprisePath.addressSave, AddressSaveRequest, AddressRow, (body, request) => profile.saveAddress(caller(request), body));
  post.user(EnterprisePath.addressDelete, AddressIdRequest, z.null(), (body, request) => profile.deleteAddress(caller(request), body));
  post.user(EnterprisePath.addressDefault, AddressIdRequest, AddressRow, (body, request) => profile.setDefaultAddress(caller(request), body));

  // ---- signature seal ----
  post.user(EnterprisePath.seal, NoBody, SealInfo, (body, request) => profile.seal(caller(request)));
  r.post(EnterprisePath.sealUpload, { schema: { ...imageSchema, response: replyOf(SealInfo) }, config: { ...user, rateLimit: SUBMIT_LIMIT } }, async (request) => {
    const auth = caller(request);
    return ok(await profile.uploadSeal(auth, await readOptionalImage(request, 'certification'), request.lang));
  });

  // ---- back office: member review (level 1) and risk control (level 2) ----
  post.reviewer(EnterprisePath.adminCertificationList, AdminCertificationListRequest, AdminCertificationPage, (body) => certification.adminList(body));
  post.reviewer(EnterprisePath.adminCertificationDetail, IdBody, AdminCertificationRow, (body) => certification.adminDetail(body.id));
  post.reviewer(EnterprisePath.adminCertificationDecide, AdminCertificationDecision, AdminCertificationRow, (body, request) => certification.adminDecide(caller(request), body));
}
