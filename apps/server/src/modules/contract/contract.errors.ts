import { ConflictError, NotFoundError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

export const MESSAGES = {
  contractNotFound: text('合同不存在', 'No such contract', '合同不存在'),
  alreadySigned: text('贵方已签署该合同', 'Your firm has already signed this contract', '貴方已簽署該合同'),
  noSeal: text(
    '尚未设置电子签章：请先在「个人中心 › 电子签章」上传本企业的签章图片，再签署合同',
    'No signature seal yet: upload your firm\'s seal under "Personal center › Signature seal" first, then sign the contract',
    '尚未設定電子簽章：請先在「個人中心 › 電子簽章」上傳本企業的簽章圖片，再簽署合同',
  ),
  changed: text('合同已被另一方签署，请刷新后重试', 'The contract was just signed by the other party; refresh and try again', '合同已被另一方簽署，請重新整理後重試'),
  notPdf: text('合同文件：只能上传 5 MB 以内的 PDF 文件', 'Contract file: only a PDF of up to 5 MB can be uploaded', '合同檔案：只能上傳 5 MB 以內的 PDF 檔案'),
  noFile: text('请选择要验证的合同文件', 'Choose the contract file to verify', '請選擇要驗證的合同檔案'),
} as const;

/** Verification outcomes, in the reader's language. */
export const VERDICTS = {
  ok: text('验证通过：文件未被篡改，双方签名均有效', 'Verified: the document is unaltered and both signatures are valid', '驗證通過：文件未被篡改，雙方簽名均有效'),
  okPartial: text('验证通过：文件未被篡改，已有签名均有效；合同尚待{party}签署', 'Verified: the document is unaltered and its signatures are valid; the {party} has yet to sign', '驗證通過：文件未被篡改，已有簽名均有效；合同尚待{party}簽署'),
  okUnsigned: text('验证通过：文件与平台存证一致，合同尚未签署', 'Verified: the document matches the platform\'s record; nobody has signed yet', '驗證通過：文件與平台存證一致，合同尚未簽署'),
  superseded: text('文件为合同的早期版本，之后{party}又签署了合同，请以最新版本为准', 'This is an earlier version: the {party} signed after it; use the latest version', '文件為合同的早期版本，之後{party}又簽署了合同，請以最新版本為準'),
  tampered: text('合同已被篡改：文件摘要与平台存证不符', 'The contract has been altered: its hash does not match the platform\'s record', '合同已被篡改：檔案摘要與平台存證不符'),
  tamperedSignature: text('合同已被篡改：文件摘要与平台存证不符，{party}签名验证失败', 'The contract has been altered: its hash does not match the platform\'s record; the {party}\'s signature fails', '合同已被篡改：檔案摘要與平台存證不符，{party}簽名驗證失敗'),
  supersededDocument: text('文件为合同的早期版本，之后合同又经签署，请以最新版本为准', 'This is an earlier version of the contract: it was signed again after it; use the latest version', '檔案為合同的早期版本，之後合同又經簽署，請以最新版本為準'),
  invalidDocument: text('验证未通过：文件与平台存证一致，但其签名记录校验失败', 'Not verified: the document matches the platform\'s record, but its signature record does not verify', '驗證未通過：檔案與平台存證一致，但其簽名記錄校驗失敗'),
  unknown: text('未找到对应合同：该文件不是本平台签发的合同，或已被篡改', 'No matching contract: the file was not issued by this platform, or it has been altered', '未找到對應合同：該檔案不是本平台簽發的合同，或已被篡改'),
  badSignature: text('{party}签名无效：签名与平台存证不符', 'The {party}\'s signature is invalid: it does not match the platform\'s record', '{party}簽名無效：簽名與平台存證不符'),
  signatureOk: text('签名有效', 'Signature valid', '簽名有效'),
  signatureLater: text('签名有效（签署于该文件之后）', 'Signature valid (made after this document)', '簽名有效（簽署於該檔案之後）'),
  signatureFails: text('签名与文件不符', 'The signature does not match the document', '簽名與檔案不符'),
  seller: text('卖方', 'seller', '賣方'),
  buyer: text('买方', 'buyer', '買方'),
  both: text('双方', 'both parties', '雙方'),
} as const;

export const notFound = (message: LocalizedText = MESSAGES.contractNotFound) => new NotFoundError(message);
export const conflict = (message: LocalizedText) => new ConflictError(message);
