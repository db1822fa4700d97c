import type { Language } from '@tp/contract';
import type { z } from 'zod';
import { render, text, type LocalizedText } from './index';

/** Labels of fields that many forms share; others are named by their wire name. */
const FIELD_LABELS: Record<string, LocalizedText> = {
  loginAccount: text('账号', 'Account', '帳號'),
  account: text('账号', 'Account', '帳號'),
  password: text('密码', 'Password', '密碼'),
  oldPassword: text('原密码', 'Current password', '原密碼'),
  code: text('验证码', 'Verification code', '驗證碼'),
  oldCode: text('原手机验证码', 'Code sent to the current phone', '原手機驗證碼'),
  newCode: text('新手机验证码', 'Code sent to the new phone', '新手機驗證碼'),
  newPhone: text('新手机号', 'New mobile number', '新手機號'),
  captchaCode: text('图形验证码', 'Image code', '圖形驗證碼'),
  termsAccepted: text('用户协议', 'Terms of service', '用戶協議'),
  invitationCode: text('邀请码', 'Invitation code', '邀請碼'),
  amount: text('金额', 'Amount', '金額'),
  reason: text('原因', 'Reason', '原因'),
  consigneeId: text('收货地址', 'Delivery address', '收貨地址'),
  page: text('页码', 'Page', '頁碼'),
  size: text('每页条数', 'Page size', '每頁條數'),
};

const RULES = {
  required: text('不能为空', 'is required', '不能為空'),
  type: text('格式不正确', 'has the wrong type', '格式不正確'),
  tooShort: text('长度不能少于 {min}', 'must be at least {min} long', '長度不能少於 {min}'),
  tooLong: text('长度不能超过 {max}', 'must be at most {max} long', '長度不能超過 {max}'),
  tooSmall: text('不能小于 {min}', 'must be at least {min}', '不能小於 {min}'),
  tooBig: text('不能大于 {max}', 'must be at most {max}', '不能大於 {max}'),
  format: text('格式不正确', 'has an invalid format', '格式不正確'),
  choice: text('取值无效', 'is not an allowed value', '取值無效'),
  unknown: text('是不允许的字段', 'is not an allowed field', '是不允許的欄位'),
  mustAccept: text('必须阅读并同意', 'must be read and accepted', '必須閱讀並同意'),
  invalid: text('无效', 'is invalid', '無效'),
  control: text('不能包含控制字符', 'must not contain control characters', '不能包含控制字元'),
};

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

function ruleOf(issue: z.core.$ZodIssue): { rule: string; message: LocalizedText; params: Record<string, string | number> } {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { rule: 'required', message: RULES.required, params: {} }
        : { rule: 'type', message: RULES.type, params: {} };
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { rule: 'min', message: RULES.tooShort, params: { min: String(issue.minimum) } }
        : { rule: 'min', message: RULES.tooSmall, params: { min: String(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { rule: 'max', message: RULES.tooLong, params: { max: String(issue.maximum) } }
        : { rule: 'max', message: RULES.tooBig, params: { max: String(issue.maximum) } };
    case 'invalid_format':
      return { rule: 'format', message: RULES.format, params: {} };
    case 'invalid_value':
      return issue.values.length === 1 && issue.values[0] === true
        ? { rule: 'accepted', message: RULES.mustAccept, params: {} }
        : { rule: 'enum', message: RULES.choice, params: {} };
    case 'unrecognized_keys':
      return { rule: 'unknown', message: RULES.unknown, params: {} };
    default:
      return { rule: issue.code, message: RULES.invalid, params: {} };
  }
}

/** Turns zod issues into messages that name the field and the broken rule in the user's language. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], lang: Language): FieldError[] {
  return issues.map((issue) => {
    const field =
      issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.') || 'body';
    const label = FIELD_LABELS[field.split('.').pop() ?? field];
    const { rule, message, params } = ruleOf(issue);
    const name = label ? label[lang] : field;
    const sep = lang === 'en' ? ' ' : '';
    return { field, rule, message: `${name}${sep}${render(message, lang, params)}` };
  });
}

/** The message for a field refused for a control character, worded like the other rules. */
export function describeControlCharacter(path: readonly string[], lang: Language): FieldError {
  const field = path.join('.') || 'body';
  const label = FIELD_LABELS[path[path.length - 1] ?? field];
  const sep = lang === 'en' ? ' ' : '';
  return { field, rule: 'control', message: `${label ? label[lang] : field}${sep}${render(RULES.control, lang)}` };
}
