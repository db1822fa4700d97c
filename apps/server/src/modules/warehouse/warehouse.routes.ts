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
import { caller, ok, replyOf } from '../../platform/http/index';
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
  r.post(CatalogPath.storages, { schema: { body: StorageQuery, response: replyOf(StoragePage) } }, async (request) => ok(await warehouse.storages(request.body)));

  r.post(WarehousePath.apply, { schema: { body: WarehousingApplyRequest, response: replyOf(WarehousingApply) }, config: user }, async (request) =>
    ok(await warehouse.apply(caller(request), request.body, request.lang)),
  );
  r.post(WarehousePath.applyList, { schema: { body: ApplyListRequest, response: replyOf(WarehousingApplyPage) }, config: user }, async (request) =>
    ok(await warehouse.applies(caller(request), request.body)),
  );
  r.post(WarehousePath.revoke, { schema: { body: ApplyIdRequest, response: replyOf(WarehousingApply) }, config: user }, async (request) =>
    ok(await warehouse.revoke(caller(request), Number(request.body.applyId))),
  );
  r.post(WarehousePath.remove, { schema: { body: ApplyIdRequest, response: replyOf(z.null()) }, config: user }, async (request) => {
    await warehouse.remove(caller(request), Number(request.body.applyId));
    return ok(null);
  });
  r.post(WarehousePath.acceptFailed, { schema: { body: ApplyIdRequest, response: replyOf(WarehousingApply) }, config: user }, async (request) =>
    ok(await warehouse.acceptFailed(caller(request), Number(request.body.applyId))),
  );
  r.post(WarehousePath.inspectionList, { schema: { body: ApplyListRequest, response: replyOf(WarehousingApplyPage) }, config: user }, async (request) =>
    ok(await warehouse.inspections(caller(request), request.body)),
  );
  r.post(WarehousePath.reportUpload, { schema: { consumes: ['multipart/form-data'], response: replyOf(ReportUpload) }, config: user }, async (request) =>
    ok(await warehouse.uploadReport(caller(request), await readReport(request))),
  );
  r.post(WarehousePath.submitReport, { schema: { body: SubmitReportRequest, response: replyOf(WarehousingApply) }, config: user }, async (request) =>
    ok(await warehouse.submitReport(caller(request), request.body)),
  );
  r.post(WarehousePath.receipts, { schema: { body: PageRequest, response: replyOf(ReceiptPage) }, config: user }, async (request) =>
    ok(await warehouse.receipts(caller(request), request.body)),
  );
  r.post(WarehousePath.holdings, { schema: { body: HoldingListRequest, response: replyOf(HoldingPage) }, config: user }, async (request) =>
    ok(await warehouse.holdings(caller(request), request.body)),
  );
  r.post(WarehousePath.companyWarehouse, { schema: { response: replyOf(z.array(CompanyWarehouse)) }, config: user }, async (request) =>
    ok(await warehouse.companyWarehouse(caller(request))),
  );
  r.post(WarehousePath.pickupApply, { schema: { body: PickupApplyRequest, response: replyOf(Pickup) }, config: user }, async (request) =>
    ok(await warehouse.pickupApply(caller(request), request.body)),
  );
  r.post(WarehousePath.pickups, { schema: { body: PickupListRequest, response: replyOf(PickupPage) }, config: user }, async (request) =>
    ok(await warehouse.pickups(caller(request), request.body)),
  );
  r.post(WarehousePath.pickupReceive, { schema: { body: PickupIdRequest, response: replyOf(Pickup) }, config: user }, async (request) =>
    ok(await warehouse.pickupReceive(caller(request), Number(request.body.pickupId))),
  );

  r.post(WarehousePath.adminApplies, { schema: { body: AdminApplyListRequest, response: replyOf(WarehousingApplyPage) }, config: staff }, async (request) =>
    ok(await warehouse.adminApplies(caller(request), request.body)),
  );
  r.post(WarehousePath.adminAudit, { schema: { body: AuditRequest, response: replyOf(WarehousingApply) }, config: staff }, async (request) =>
    ok(await warehouse.audit(caller(request), request.body)),
  );
  r.post(WarehousePath.adminSetFee, { schema: { body: SetFeeRequest, response: replyOf(WarehousingApply) }, config: staff }, async (request) =>
    ok(await warehouse.setFee(caller(request), request.body)),
  );
  r.post(WarehousePath.adminReview, { schema: { body: AuditRequest, response: replyOf(WarehousingApply) }, config: staff }, async (request) =>
    ok(await warehouse.review(caller(request), request.body)),
  );
  r.post(WarehousePath.adminArrive, { schema: { body: ApplyIdRequest, response: replyOf(WarehousingApply) }, config: staff }, async (request) =>
    ok(await warehouse.arrive(caller(request), Number(request.body.applyId))),
  );
  r.post(WarehousePath.adminStore, { schema: { body: ApplyIdRequest, response: replyOf(WarehousingApply) }, config: staff }, async (request) =>
    ok(await warehouse.store(caller(request), Number(request.body.applyId))),
  );
  r.post(WarehousePath.adminPickups, { schema: { body: PickupListRequest, response: replyOf(PickupPage) }, config: staff }, async (request) =>
    ok(await warehouse.adminPickups(caller(request), request.body)),
  );
  r.post(WarehousePath.adminConfirmPickup, { schema: { body: ConfirmPickupRequest, response: replyOf(Pickup) }, config: staff }, async (request) =>
    ok(await warehouse.confirmPickup(caller(request), request.body.pickupCode)),
  );
  r.post(WarehousePath.adminAssign, { schema: { body: AssignRequest, response: replyOf(Pickup) }, config: staff }, async (request) =>
    ok(await warehouse.assign(caller(request), request.body)),
  );
  r.post(WarehousePath.adminShip, { schema: { body: PickupIdRequest, response: replyOf(Pickup) }, config: staff }, async (request) =>
    ok(await warehouse.ship(caller(request), Number(request.body.pickupId))),
  );
  r.post(WarehousePath.adminStorages, { schema: { body: StorageQuery, response: replyOf(StoragePage) }, config: staff }, async (request) =>
    ok(await warehouse.adminStorages(caller(request), request.body)),
  );
  r.post(WarehousePath.adminSaveStorage, { schema: { body: SaveStorageRequest, response: replyOf(Storage) }, config: staff }, async (request) =>
    ok(await warehouse.saveStorage(caller(request), request.body, request.lang)),
  );
  r.post(WarehousePath.adminDeleteStorage, { schema: { body: StorageIdRequest, response: replyOf(z.null()) }, config: staff }, async (request) => {
    await warehouse.deleteStorage(caller(request), Number(request.body.storageId));
    return ok(null);
  });
}
