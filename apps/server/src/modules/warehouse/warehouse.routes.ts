import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminApplyListRequest,
  ApplyIdRequest,
  ApplyListRequest,
  AssignRequest,
  AuditRequest,
  CatalogPath,
  CompanyWarehouse,
  ConfirmPickupRequest,
  HoldingListRequest,
  HoldingPage,
  PageRequest,
  Pickup,
  PickupApplyRequest,
  PickupIdRequest,
  PickupListRequest,
  PickupPage,
  ReceiptPage,
  ReportUpload,
  SaveStorageRequest,
  SetFeeRequest,
  Storage,
  StorageIdRequest,
  StoragePage,
  StorageQuery,
  SubmitReportRequest,
  UPLOAD_IMAGE_MAX_BYTES,
  WarehousePath,
  WarehousingApply,
  WarehousingApplyPage,
  WarehousingApplyRequest,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { readUploadedFile } from '../../platform/uploads/index';
import type { WarehouseService } from './warehouse.service';

const NO_FILE = text('请选择要上传的文件', 'Choose a file to upload', '請選擇要上傳的檔案');

const readReport = (request: FastifyRequest) => readUploadedFile(request, { maxBytes: UPLOAD_IMAGE_MAX_BYTES, kind: 'document', noFile: NO_FILE });

/** The storage list is public: buyers choose listings by where the goods are. Everything else needs a firm user or staff. */
export function registerWarehouseRoutes(app: FastifyInstance, warehouse: WarehouseService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'warehouse.manage' } } as const;
  const post = postRoutes(app, { user, staff });
  r.post(CatalogPath.storages, { schema: { body: StorageQuery, response: replyOf(StoragePage) } }, async (request) => ok(await warehouse.storages(request.body)));

  post.user(WarehousePath.apply, WarehousingApplyRequest, WarehousingApply, (body, request) => warehouse.apply(caller(request), body, request.lang));
  post.user(WarehousePath.applyList, ApplyListRequest, WarehousingApplyPage, (body, request) => warehouse.applies(caller(request), body));
  post.user(WarehousePath.revoke, ApplyIdRequest, WarehousingApply, (body, request) => warehouse.revoke(caller(request), Number(body.applyId)));
  r.post(WarehousePath.remove, { schema: { body: ApplyIdRequest, response: replyOf(z.null()) }, config: user }, async (request) => {
    await warehouse.remove(caller(request), Number(request.body.applyId));
    return ok(null);
  });
  post.user(WarehousePath.acceptFailed, ApplyIdRequest, WarehousingApply, (body, request) => warehouse.acceptFailed(caller(request), Number(body.applyId)));
  post.user(WarehousePath.inspectionList, ApplyListRequest, WarehousingApplyPage, (body, request) => warehouse.inspections(caller(request), body));
  r.post(WarehousePath.reportUpload, { schema: { consumes: ['multipart/form-data'], response: replyOf(ReportUpload) }, config: user }, async (request) =>
    ok(await warehouse.uploadReport(caller(request), await readReport(request))),
  );
  post.user(WarehousePath.submitReport, SubmitReportRequest, WarehousingApply, (body, request) => warehouse.submitReport(caller(request), body));
  post.user(WarehousePath.receipts, PageRequest, ReceiptPage, (body, request) => warehouse.receipts(caller(request), body));
  post.user(WarehousePath.holdings, HoldingListRequest, HoldingPage, (body, request) => warehouse.holdings(caller(request), body));
  r.post(WarehousePath.companyWarehouse, { schema: { response: replyOf(z.array(CompanyWarehouse)) }, config: user }, async (request) =>
    ok(await warehouse.companyWarehouse(caller(request))),
  );
  post.user(WarehousePath.pickupApply, PickupApplyRequest, Pickup, (body, request) => warehouse.pickupApply(caller(request), body));
  post.user(WarehousePath.pickups, PickupListRequest, PickupPage, (body, request) => warehouse.pickups(caller(request), body));
  post.user(WarehousePath.pickupReceive, PickupIdRequest, Pickup, (body, request) => warehouse.pickupReceive(caller(request), Number(body.pickupId)));

  post.staff(WarehousePath.adminApplies, AdminApplyListRequest, WarehousingApplyPage, (body, request) => warehouse.adminApplies(caller(request), body));
  post.staff(WarehousePath.adminAudit, AuditRequest, WarehousingApply, (body, request) => warehouse.audit(caller(request), body));
  post.staff(WarehousePath.adminSetFee, SetFeeRequest, WarehousingApply, (body, request) => warehouse.setFee(caller(request), body));
  post.staff(WarehousePath.adminReview, AuditRequest, WarehousingApply, (body, request) => warehouse.review(caller(request), body));
  post.staff(WarehousePath.adminArrive, ApplyIdRequest, WarehousingApply, (body, request) => warehouse.arrive(caller(request), Number(body.applyId)));
  post.staff(WarehousePath.adminStore, ApplyIdRequest, WarehousingApply, (body, request) => warehouse.store(caller(request), Number(body.applyId)));
  post.staff(WarehousePath.adminPickups, PickupListRequest, PickupPage, (body, request) => warehouse.adminPickups(caller(request), body));
  post.staff(WarehousePath.adminConfirmPickup, ConfirmPickupRequest, Pickup, (body, request) => warehouse.confirmPickup(caller(request), body.pickupCode));
  post.staff(WarehousePath.adminAssign, AssignRequest, Pickup, (body, request) => warehouse.assign(caller(request), body));
  post.staff(WarehousePath.adminShip, PickupIdRequest, Pickup, (body, request) => warehouse.ship(caller(request), Number(body.pickupId)));
  post.staff(WarehousePath.adminStorages, StorageQuery, StoragePage, (body, request) => warehouse.adminStorages(caller(request), body));
  post.staff(WarehousePath.adminSaveStorage, SaveStorageRequest, Storage, (body, request) => warehouse.saveStorage(caller(request), body, request.lang));
  r.post(WarehousePath.adminDeleteStorage, { schema: { body: StorageIdRequest, response: replyOf(z.null()) }, config: staff }, async (request) => {
    await warehouse.deleteStorage(caller(request), Number(request.body.storageId));
    return ok(null);
  });
}
