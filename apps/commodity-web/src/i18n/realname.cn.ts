/** The personal center's real-name verification page and the trading pages' prompt to it. */
export const realNameCn = {
  menu: '实名认证',
  title: '实名认证',
  intro: '个人交易商须完成实名认证后方可挂牌、摘牌、求购和议价；合同将以您的真实姓名和身份证号码签订。',
  name: '真实姓名',
  idNumber: '身份证号码',
  submit: '提交认证',
  done: '实名认证已完成',
  verified: '已认证',
  rules: {
    nameLength: '{{label}}长度为 {{min}}–{{max}} 个字符',
    format: '{{label}}须为 18 位，最后一位可为数字或 X',
    checkDigit: '{{label}}校验位不正确，请核对后重新输入',
    birthDate: '{{label}}中的出生日期不正确',
  },
  prompt: {
    title: '请先完成实名认证',
    description: '个人交易商完成实名认证后才能进行交易，合同将载明您的真实姓名和身份证号码。',
    action: '去实名认证',
  },
};
