import type { realNameCn } from './realname.cn';

export const realNameTw: typeof realNameCn = {
  menu: '實名認證',
  title: '實名認證',
  intro: '個人交易商須完成實名認證後方可掛牌、摘牌、求購和議價；合同將以您的真實姓名和身分證號碼簽訂。',
  name: '真實姓名',
  idNumber: '身分證號碼',
  submit: '提交認證',
  done: '實名認證已完成',
  verified: '已認證',
  rules: {
    nameLength: '{{label}}長度為 {{min}}–{{max}} 個字元',
    format: '{{label}}須為 18 位，最後一位可為數字或 X',
    checkDigit: '{{label}}校驗位不正確，請核對後重新輸入',
    birthDate: '{{label}}中的出生日期不正確',
  },
  prompt: {
    title: '請先完成實名認證',
    description: '個人交易商完成實名認證後才能進行交易，合同將載明您的真實姓名和身分證號碼。',
    action: '去實名認證',
  },
};
