import type { ContentColumnCode } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import * as repo from './content.repo';
import { ensureContentColumns } from './content.service';

interface SeedItem {
  column: ContentColumnCode;
  title: string;
  summary: string;
  body: string;
  slug?: string;
  daysAgo: number;
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
      publishedAt: new Date(now.getTime() - item.daysAgo * 86_400_000),
    });
  }
}
