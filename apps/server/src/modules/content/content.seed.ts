import type { ContentColumnCode } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import * as repo from './content.repo';
import type { ItemTranslations } from './content.tables';
import { ensureContentColumns } from './content.service';

interface SeedItem {
  column: ContentColumnCode;
  title: string;
  summary: string;
  body: string;
  slug?: string;
  daysAgo: number;
  pinned?: boolean;
  translations?: ItemTranslations;
}

const ITEMS: SeedItem[] = [
  {
    column: 'notice',
    title: '关于春节期间交易时间安排的公告',
    summary: '春节期间平台暂停挂牌与摘牌，资金出入金业务正常办理。',
    body: '各交易商：\n\n根据国家法定节假日安排，春节期间平台暂停挂牌、摘牌与竞价业务，节后第一个工作日9:00恢复交易。\n\n休市期间银行出入金业务正常办理，已挂牌未成交的资源将于休市前自动撤牌。',
    daysAgo: 2,
  },
  {
    column: 'notice',
    title: '平台银行存管系统升级完成',
    summary: '工商银行与第二家存管银行通道均已完成升级。',
    body: '平台已完成银行存管系统升级，工商银行与第二家存管银行通道均支持签约、入金与出金。\n\n如遇入金未到账，请在资金中心查看支付状态或联系客服。',
    daysAgo: 6,
  },
  {
    column: 'news',
    title: '本周螺纹钢现货价格小幅回升',
    summary: '华东地区HRB400E主流成交价较上周上涨约30元/吨。',
    body: '本周华东地区螺纹钢现货价格小幅回升，HRB400E 20mm主流成交价较上周上涨约30元/吨，终端采购节奏有所加快。\n\n市场人士认为，随着基建项目陆续开工，短期需求有望继续改善。',
    daysAgo: 1,
  },
  {
    column: 'news',
    title: '电解铜社会库存连续三周下降',
    summary: '主要消费地电解铜库存较上周减少1.2万吨。',
    body: '据统计，上海、广东、江苏等主要消费地电解铜社会库存连续三周下降，较上周减少1.2万吨。\n\n下游线缆企业开工率回升，现货升水维持高位。',
    daysAgo: 3,
  },
  {
    column: 'news',
    title: '东北新季玉米收购进度过半',
    summary: '深加工企业挂牌收购价格整体平稳。',
    body: '东北产区新季玉米收购进度已经过半，深加工企业挂牌收购价格整体平稳，部分企业根据到货量小幅调整。',
    daysAgo: 5,
  },
  {
    column: 'help',
    title: '如何完成企业认证',
    summary: '准备营业执照与法人身份证照片，按步骤提交审核。',
    body: '登录后进入个人中心 > 企业认证，填写企业名称、统一社会信用代码、法人姓名等信息，上传营业执照与法人身份证照片后提交。\n\n会员审核与风控审核通过后即可以企业身份交易。',
    daysAgo: 10,
  },
  {
    column: 'help',
    title: '摘牌后如何支付首款与尾款',
    summary: '在买家中心的订单中完成首款支付与尾款支付。',
    body: '摘牌成功后，请在规定时间内于买家中心 > 我的订单中支付首款（保证金）。\n\n卖家开票并发货后，支付尾款即可完成货权转移。',
    daysAgo: 12,
  },
  { column: 'footer', slug: 'services', title: '服务条款', summary: '平台服务内容与双方权利义务。', body: '本平台为大宗商品交易商提供挂牌、摘牌、竞价、仓储、资金结算等服务。\n\n交易商应保证所提交信息真实、准确、完整。', daysAgo: 30 },
  { column: 'footer', slug: 'clauses', title: '用户协议', summary: '注册与使用平台须遵守的协议。', body: '用户在注册前应仔细阅读本协议。注册即表示同意本协议全部条款。\n\n用户应妥善保管账号、登录密码与资金密码，因保管不善造成的损失由用户自行承担。', daysAgo: 30 },
  { column: 'footer', slug: 'about', title: '关于我们', summary: '大宗商品电子交易与服务平台。', body: '我们致力于为钢材、有色金属、粮食、化工等大宗商品的生产、贸易与消费企业提供安全、高效的线上交易与供应链服务。', daysAgo: 30 },
  { column: 'footer', slug: 'help', title: '帮助中心', summary: '常见问题与操作指引。', body: '请在帮助中心栏目查看注册、认证、交易、资金、仓储等常见问题。', daysAgo: 30 },
  { column: 'footer', slug: 'contact', title: '联系我们', summary: '客服热线与工作时间。', body: '客服热线：400-800-8888（工作日 9:00–17:30）\n\n客服邮箱：service@example.com', daysAgo: 30 },
  { column: 'footer', slug: 'media', title: '媒体报道', summary: '媒体对平台的报道。', body: '平台上线以来受到多家行业媒体关注，累计服务交易商逾千家。', daysAgo: 30 },
  // The static texts the platform publishes besides the footer's own pages; the download page links them.
  { column: 'footer', slug: 'privacy', title: '隐私政策', summary: '平台如何收集、使用和保护您的个人信息。', body: '我们仅在提供服务所必需的范围内收集您的手机号、身份信息、企业信息与交易记录。\n\n您的信息加密存储，未经您同意不会向第三方提供，法律法规另有规定的除外。\n\n您可以在个人中心查看、更正您的信息，或联系客服注销账户。', daysAgo: 30 },
  { column: 'footer', slug: 'faq-register', title: '常见问题：下载与注册', summary: '如何下载客户端并注册交易账户。', body: '在“下载中心”下载桌面客户端，或直接使用网页版。\n\n点击“注册”，填写手机号与短信验证码并设置登录密码即可完成注册；个人用户交易前需完成实名认证，企业用户需完成企业认证。', daysAgo: 30 },
  { column: 'footer', slug: 'faq-funds', title: '常见问题：入金与出金', summary: '资金如何转入与转出交易账户。', body: '在资金中心完成银行签约后，即可通过“入金”将银行账户资金转入交易账户，通过“出金”转回签约银行账户。\n\n入金、出金均需输入资金密码；银行处理结果以资金流水为准。', daysAgo: 30 },
  { column: 'footer', slug: 'faq-account', title: '常见问题：账户管理', summary: '登录密码、资金密码与子账户的管理。', body: '在个人中心 > 账户安全中修改登录密码与绑定手机；在资金中心设置或找回资金密码、保证金密码。\n\n企业主账户可在员工管理与角色管理中添加子账户并分配权限。', daysAgo: 30 },
  { column: 'footer', slug: 'asset-legality', title: '资产合法性承诺', summary: '交易商对所挂牌资产合法性的承诺。', body: '交易商承诺在平台挂牌、交易的货物与资金来源合法，权属清晰，不存在查封、冻结、抵押等权利限制。\n\n如违反上述承诺，交易商承担由此产生的全部法律责任，平台有权终止其交易资格。', daysAgo: 30 },
  { column: 'footer', slug: 'virtual-assets', title: '虚拟资产介绍', summary: '什么是虚拟资产及其主要风险。', body: '虚拟资产是以数字形式存在、可在网络中转让的价值凭证，价格波动大，可能因市场、技术或监管变化而大幅贬值。\n\n请在充分了解相关风险、审慎评估自身承受能力后再参与交易。', daysAgo: 30 },
  {
    column: 'exchangeNotice',
    pinned: true,
    title: '预售专区上线公告',
    summary: '实名认证用户可参与新项目认购，资金冻结、结束后统一配售。',
    body: '尊敬的用户：\n\n预售专区现已上线。完成实名认证的用户可在项目进行期间认购，认购资金将被冻结，项目结束后按规则统一配售，未中签部分原路退回。\n\n请在参与前阅读项目规则与风险揭示书。',
    daysAgo: 1,
    translations: {
      en: { title: 'The pre-sale section is open', summary: 'Real-name verified users subscribe to new projects; payments are frozen and allocated when a project ends.', body: 'Dear users,\n\nThe pre-sale section is now open. Real-name verified users may subscribe while a project runs; the payment is frozen, the allocation is made when the project ends, and whatever is not allocated is refunded.\n\nRead the project rules and the risk disclosure before taking part.' },
      tw: { title: '預售專區上線公告', summary: '實名認證用戶可參與新項目認購，資金凍結、結束後統一配售。', body: '尊敬的用戶：\n\n預售專區現已上線。完成實名認證的用戶可在項目進行期間認購，認購資金將被凍結，項目結束後按規則統一配售，未中籤部分原路退回。\n\n請在參與前閱讀項目規則與風險揭示書。' },
    },
  },
  {
    column: 'exchangeNotice',
    title: '钱包系统例行维护完成',
    summary: 'BTC 与 ETH 充提服务已恢复。',
    body: '钱包系统例行维护已完成，BTC 与 ETH 网络的充值和提现均已恢复正常。\n\n如遇到账延迟，请在资产页查看充值记录的确认数。',
    daysAgo: 4,
    translations: {
      en: { title: 'Wallet maintenance completed', summary: 'BTC and ETH deposits and withdrawals are back.', body: 'Routine wallet maintenance is complete; deposits and withdrawals on the BTC and ETH networks work normally again.\n\nIf a deposit is late, check its confirmations in the deposit records.' },
      tw: { title: '錢包系統例行維護完成', summary: 'BTC 與 ETH 充提服務已恢復。', body: '錢包系統例行維護已完成，BTC 與 ETH 網絡的充值和提現均已恢復正常。\n\n如遇到帳延遲，請在資產頁查看充值記錄的確認數。' },
    },
  },
  {
    column: 'exchangeHelp',
    title: '如何完成实名认证',
    summary: '在个人中心提交姓名与证件号码。',
    body: '登录后进入个人中心 > 实名认证，填写真实姓名与证件号码并提交。认证通过后即可交易和参与预售。',
    daysAgo: 10,
    translations: {
      en: { title: 'How to verify your real name', summary: 'Submit your name and ID number in the user centre.', body: 'After logging in, open the user centre > real-name verification, enter your real name and ID number and submit. Once verified you may trade and take part in pre-sales.' },
      tw: { title: '如何完成實名認證', summary: '在個人中心提交姓名與證件號碼。', body: '登入後進入個人中心 > 實名認證，填寫真實姓名與證件號碼並提交。認證通過後即可交易和參與預售。' },
    },
  },
  {
    column: 'exchangeHelp',
    title: '如何充值数字资产',
    summary: '在资产页获取您的专属充值地址。',
    body: '进入资产 > 充值，选择币种后复制地址或扫描二维码转入。达到所需确认数后资产自动到账。',
    daysAgo: 11,
    translations: {
      en: { title: 'How to deposit digital assets', summary: 'Get your own deposit address on the assets page.', body: 'Open assets > deposit, choose the coin, then copy the address or scan the QR code to send to it. The deposit is credited once it has the confirmations needed.' },
      tw: { title: '如何充值數字資產', summary: '在資產頁獲取您的專屬充值地址。', body: '進入資產 > 充值，選擇幣種後複製地址或掃描二維碼轉入。達到所需確認數後資產自動到帳。' },
    },
  },
  {
    column: 'exchangeFaq',
    title: '忘记登录密码怎么办？',
    summary: '',
    body: '在登录页点击“忘记密码”，通过手机或邮箱验证码重置；也可以联系客服协助重置。',
    daysAgo: 12,
    translations: {
      en: { title: 'I forgot my login password', summary: '', body: 'Click “Forgot password” on the login page and reset it with a code sent to your mobile or e-mail; customer service can also help you reset it.' },
      tw: { title: '忘記登入密碼怎麼辦？', summary: '', body: '在登入頁點擊「忘記密碼」，通過手機或郵箱驗證碼重設；也可以聯繫客服協助重設。' },
    },
  },
  {
    column: 'exchangeFaq',
    title: '交易手续费是多少？',
    summary: '',
    body: '各交易对的挂单与吃单费率以费率页公示为准，成交时从所得资产中扣除。',
    daysAgo: 12,
    translations: {
      en: { title: 'What are the trading fees?', summary: '', body: 'Each market’s maker and taker rates are shown on the fee page; the fee is taken from what you receive when an order fills.' },
      tw: { title: '交易手續費是多少？', summary: '', body: '各交易對的掛單與吃單費率以費率頁公示為準，成交時從所得資產中扣除。' },
    },
  },
];

/** Demo content: notices, news, help articles and the footer pages (the rate page is worded by the client from the fee settings). Idempotent. */
export async function seedContent(db: DbOrTx, now: Date): Promise<void> {
  await ensureContentColumns(db);
  const columns = new Map((await repo.listColumns(db)).map((row) => [row.code, row.id]));
  for (const item of ITEMS) {
    const columnId = columns.get(item.column);
    if (columnId === undefined) throw new Error(`content column ${item.column} is missing`);
    await repo.ensureItem(db, {
      columnId,
      title: item.title,
      summary: item.summary,
      body: item.body,
      slug: item.slug ?? null,
      pinned: item.pinned ?? false,
      translations: item.translations ?? {},
      publishedAt: new Date(now.getTime() - item.daysAgo * 86_400_000),
    });
  }
}
