import type { Language } from '@tp/contract';
import { AppError, ValidationError } from '../../platform/http/index';
import { render, text, type LocalizedText } from '../../platform/i18n/index';

export const APPLY_STATUS_NAMES: Record<string, LocalizedText> = {
  '0': text('已申请', 'applied', '已申請'),
  '1': text('质检中', 'inspecting', '質檢中'),
  '2': text('质检通过', 'inspection passed', '質檢通過'),
  '3': text('质检未通过', 'inspection failed', '質檢未通過'),
  '4': text('已接受不合格结果并生成仓单', 'failed result accepted, receipt generated', '已接受不合格結果並生成倉單'),
  '5': text('已提货', 'picked up', '已提貨'),
  '6': text('已撤销', 'revoked', '已撤銷'),
  '7': text('审核未通过', 'audit failed', '審核未通過'),
  '8': text('审核通过', 'audit passed', '審核通過'),
  '9': text('已入库', 'stored', '已入庫'),
};

export const ACTIONS = {
  revoke: text('撤销', 'revoke it', '撤銷'),
  remove: text('删除', 'delete it', '刪除'),
  acceptFailed: text('接受不合格结果', 'accept the failed result', '接受不合格結果'),
  audit: text('审核', 'audit it', '審核'),
  setFee: text('设置质检费', 'set the inspection fee', '設置質檢費'),
  submitReport: text('上传质检报告', 'upload the inspection report', '上傳質檢報告'),
  review: text('审核质检报告', 'review the inspection report', '審核質檢報告'),
  arrive: text('确认到货', 'confirm the arrival', '確認到貨'),
  store: text('确认入库', 'confirm the storage', '確認入庫'),
} as const;

const APPLY_STATE = text('入库申请当前状态为“{status}”，不能{action}', 'The warehousing application is {status}; you cannot {action}', '入庫申請當前狀態為「{status}」，不能{action}');

/** A transition the status machine does not allow; the message names the current state and the refused action. */
export class ApplyStateError extends AppError {
  constructor(status: string, action: LocalizedText, detail?: LocalizedText) {
    const name = APPLY_STATUS_NAMES[status] ?? text(status, status, status);
    const message = detail ?? APPLY_STATE;
    super('-1009', 409, {
      cn: message.cn.replace('{status}', name.cn).replace('{action}', action.cn),
      en: message.en.replace('{status}', name.en).replace('{action}', action.en),
      tw: message.tw.replace('{status}', name.tw).replace('{action}', action.tw),
    });
  }
}

export const MESSAGES = {
  applyNotFound: text('入库申请不存在', 'No such warehousing application', '入庫申請不存在'),
  holdingNotFound: text('持仓不存在', 'No such holding', '持倉不存在'),
  pickupNotFound: text('提货单不存在', 'No such pickup', '提貨單不存在'),
  pickupCodeWrong: text('提货码无效或已使用', 'The pickup code is invalid or already used', '提貨碼無效或已使用'),
  storageNotFound: text('仓库不存在', 'No such warehouse', '倉庫不存在'),
  storageInUse: text('仓库已有入库记录，不能删除', 'The warehouse has warehousing records and cannot be deleted', '倉庫已有入庫記錄，不能刪除'),
  storageNameTaken: text('仓库名称已存在', 'A warehouse with this name exists', '倉庫名稱已存在'),
  badCatalog: text('品种、等级或包装不匹配', 'The commodity type, grade and package do not match', '品種、等級或包裝不匹配'),
  inspectionState: text('质检状态不允许此操作', 'The inspection status does not allow this', '質檢狀態不允許此操作'),
  holdingState: text('持仓当前状态不允许此操作', 'The holding status does not allow this', '持倉當前狀態不允許此操作'),
  quantityExceeds: text('数量或重量超过可用持仓', 'The quantity or weight exceeds the available holding', '數量或重量超過可用持倉'),
  pickupState: text('提货单当前状态不允许此操作', 'The pickup status does not allow this', '提貨單當前狀態不允許此操作'),
  addressRequired: text('物流提货需填写收货地址', 'A logistics pickup needs a delivery address', '物流提貨需填寫收貨地址'),
  sameFirm: text('不能转移给同一交易商', 'Cannot move goods to the same firm', '不能轉移給同一交易商'),
} as const;

export { conflict, notFound } from '../../platform/http/index';

const STORAGE_FIELDS = {
  storageId: text('仓库', 'Warehouse', '倉庫'),
  commodityTypeIds: text('存放品种', 'Commodity types stored', '存放品種'),
} as const;
const DOES_NOT_STORE = text('“{storage}”不存放{commodity}，请选择存放该品种的仓库', '“{storage}” does not store {commodity}; choose a warehouse that does', '「{storage}」不存放{commodity}，請選擇存放該品種的倉庫');
const UNKNOWN_TYPES = text('包含不存在的品种', 'include an unknown commodity type', '包含不存在的品種');

function fieldMessage(field: keyof typeof STORAGE_FIELDS, rule: string, lang: Language): string {
  const label = STORAGE_FIELDS[field][lang];
  return lang === 'en' ? `${label}: ${rule}` : `${label}：${rule}`;
}

/** The chosen warehouse does not store the chosen commodity (a grain depot for rebar): 422 naming `storageId`. */
export class StorageCommodityError extends ValidationError {
  constructor(storage: string, commodity: string, lang: Language) {
    super([{ field: 'storageId', rule: 'stores', message: fieldMessage('storageId', render(DOES_NOT_STORE, lang, { storage, commodity }), lang) }]);
  }
}

/** A warehouse saved with commodity types the catalogue does not have: 422 naming `commodityTypeIds`. */
export class UnknownStoredTypesError extends ValidationError {
  constructor(lang: Language) {
    super([{ field: 'commodityTypeIds', rule: 'exists', message: fieldMessage('commodityTypeIds', UNKNOWN_TYPES[lang], lang) }]);
  }
}
