import { ResultCode, VerificationCode } from '@tp/contract';
import { AppError, fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

/** The spec's words when a senior submission cannot be taken. */
export class SeniorSubmitFailedError extends AppError {
  constructor(reason = text('', '', '')) {
    const base = text('高级认证失败，请稍后重试', 'Senior verification failed, try again later', '高級認證失敗，請稍後重試');
    super(
      VerificationCode.seniorFailed,
      400,
      reason.cn ? { cn: `${base.cn}：${reason.cn}`, en: `${base.en}: ${reason.en}`, tw: `${base.tw}：${reason.tw}` } : base,
    );
  }
}

export class NotVerifiedError extends AppError {
  constructor(level: 'realName' | 'senior') {
    super(
      VerificationCode.notVerified,
      403,
      level === 'realName'
        ? text('请先完成实名认证', 'Please complete real-name verification first', '請先完成實名認證')
        : text('请先完成高级认证', 'Please complete senior verification first', '請先完成高級認證'),
    );
  }
}

export class IdNumberError extends fixedError(ResultCode.validation, 422, text('身份证号码不正确', 'The ID number is not valid', '身分證號碼不正確')) {}

export class IdInUseError extends fixedError(VerificationCode.idInUse, 409, text('该身份证已被其他账户认证', 'This ID is already verified for another account', '該身分證已被其他帳戶認證')) {}

export const REASONS = {
  needBasic: text('请先完成实名认证', 'complete real-name verification first', '請先完成實名認證'),
  pending: text('已有审核中的申请', 'a submission is already under review', '已有審核中的申請'),
  passed: text('已通过高级认证', 'senior verification has already passed', '已通過高級認證'),
  expired: text('证件已过期', 'the certificate has expired', '證件已過期'),
  badDate: text('证件有效期不正确', 'the validity dates are not valid', '證件有效期不正確'),
  badImage: text('证件照片须为本人上传的 JPG 或 PNG 图片，且小于 3 MB', 'photos must be JPG or PNG images you uploaded, under 3 MB', '證件照片須為本人上傳的 JPG 或 PNG 圖片，且小於 3 MB'),
} as const;
