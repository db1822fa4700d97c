import type { Language } from '@tp/contract';
import { ValidationError } from '../../platform/http/index';
import { render, text, type LocalizedText } from '../../platform/i18n/index';

export const MESSAGES = {
  onlyEnterprise: text('仅企业交易商可使用此功能', 'Only enterprise firms can do this', '僅企業交易商可使用此功能'),
  certificationPending: text('企业认证正在审核中，请勿重复提交', 'The enterprise certification is under review; do not submit it again', '企業認證正在審核中，請勿重複提交'),
  certificationApproved: text('企业认证已通过，无需重复提交', 'The enterprise certification is already approved', '企業認證已通過，無需重複提交'),
  registerNoInUse: text('该统一社会信用代码已被其他交易商认证', 'This registration number is already certified for another firm', '該統一社會信用代碼已被其他交易商認證'),
  notAtThisLevel: text('该申请不在此审核环节，可能已被审核', 'This submission is not waiting at this review level; it may have been decided', '該申請不在此審核環節，可能已被審核'),
  reviewLevelDenied: text('您的岗位不能进行该级审核', 'Your position cannot decide at this review level', '您的崗位不能進行該級審核'),
  staffNotFound: text('员工不存在', 'No such staff member', '員工不存在'),
  roleNotFound: text('角色不存在', 'No such role', '角色不存在'),
  roleNameInUse: text('角色名称已存在', 'A role with this name already exists', '角色名稱已存在'),
  phoneInUse: text('该手机号已被其他账号使用', 'This mobile number is already used by another account', '該手機號已被其他帳號使用'),
  notOwnRoles: text('不能修改自己的角色', 'You cannot change your own roles', '不能修改自己的角色'),
  notSelf: text('不能删除自己的账号', 'You cannot delete your own account', '不能刪除自己的帳號'),
  mainAccount: text('主账户不能被修改或删除', 'The main account cannot be changed or deleted', '主帳戶不能被修改或刪除'),
  grantBeyondOwn: text('不能授予自己没有的权限：{codes}', 'You cannot grant rights you do not hold: {codes}', '不能授予自己沒有的權限：{codes}'),
  addressNotFound: text('收货地址不存在', 'No such delivery address', '收貨地址不存在'),
  tooManyAddresses: text('收货地址最多保存 {max} 个', 'At most {max} delivery addresses can be kept', '收貨地址最多保存 {max} 個'),
  sealMissing: text('尚未上传电子签章', 'No signature seal has been uploaded', '尚未上傳電子簽章'),
} satisfies Record<string, LocalizedText>;

/** Names of the certification form's fields, so a refusal names what to correct. */
export const FIELD_LABELS: Record<string, LocalizedText> = {
  enterpriseName: text('企业名称', 'Enterprise name', '企業名稱'),
  registerNo: text('统一社会信用代码', 'Registration number', '統一社會信用代碼'),
  corporateName: text('法人姓名', 'Legal representative', '法人姓名'),
  enterprisePhone: text('企业电话', 'Enterprise phone', '企業電話'),
  operatorName: text('经办人姓名', 'Operator name', '經辦人姓名'),
  operatorPhone: text('经办人手机号', 'Operator mobile number', '經辦人手機號'),
  enterpriseAddress: text('企业地址', 'Enterprise address', '企業地址'),
  firmType: text('企业类型', 'Enterprise type', '企業類型'),
  businessPhoto: text('营业执照', 'Business licence', '營業執照'),
  corporatePositiveCard: text('法人身份证人像面', 'ID card (photo side)', '法人身分證人像面'),
  corporateReverseCard: text('法人身份证国徽面', 'ID card (emblem side)', '法人身分證國徽面'),
  seal: text('电子签章', 'Signature seal', '電子簽章'),
  rightCodeList: text('权限', 'Rights', '權限'),
  roleIds: text('角色', 'Roles', '角色'),
};

const BAD_PHOTO = text(
  '只能上传 {max} MB 以内的 JPG 或 PNG 图片',
  'must be a JPG or PNG image under {max} MB',
  '只能上傳 {max} MB 以內的 JPG 或 PNG 圖片',
);
const BAD_RIGHTS = text('包含无效的权限代码：{codes}', 'contain unknown right codes: {codes}', '包含無效的權限代碼：{codes}');

function fieldMessage(field: string, rule: LocalizedText, params: Record<string, string | number>): Record<Language, string> {
  const label = FIELD_LABELS[field] ?? text(field, field, field);
  return {
    cn: `${label.cn}：${render(rule, 'cn', params)}`,
    en: `${label.en} ${render(rule, 'en', params)}`,
    tw: `${label.tw}：${render(rule, 'tw', params)}`,
  };
}

/**
 * A refusal that names the field (422 with `value.fields`), in the caller's language. The message
 * is fixed when thrown, so the route passes the request's language.
 */
export class FieldRefusedError extends ValidationError {
  constructor(field: string, rule: 'image' | 'rights', lang: Language, params: Record<string, string | number>) {
    const message = fieldMessage(field, rule === 'image' ? BAD_PHOTO : BAD_RIGHTS, params)[lang];
    super([{ field, rule, message }]);
  }
}
