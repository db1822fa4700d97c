import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { Decimal, formatAmount, toChineseUppercase } from '@tp/decimal';
import { shanghaiDay, shanghaiMinute } from '../../platform/time';
import type { PickContractTerms } from '../listing/index';

/** Everything printed on a contract; decimals as strings, times as ISO strings. */
export interface ContractDocumentInput {
  contractNo: string;
  sellerName: string;
  buyerName: string;
  /** A party's resident ID or credit code, printed under its name; absent on contracts issued before they were recorded. */
  credentials?: Partial<Record<'seller' | 'buyer', { label: string; value: string }>>;
  /** The firms are named above; the ids stay out of the printed document. */
  terms: Omit<PickContractTerms, 'sellerFirmId' | 'buyerFirmId'>;
  /** The seals stamped so far, with when each party signed. */
  seals: Partial<Record<'seller' | 'buyer', { image: Buffer; signedAt: string }>>;
}


/** A share such as `0.002` as a percentage: `0.2%`. */
export function percentOf(share: string): string {
  const percent = Decimal.parse(share).mul('100').toString();
  return `${percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent}%`;
}

const yuan = (v: string) => `¥${formatAmount(Decimal.parse(v).truncate(2), 2, { thousands: true })}`;

/**
 * The CJK font ships with the server's dependencies (Noto Sans, simplified Chinese), so a fresh
 * clone renders contracts without system fonts; pdfkit embeds only the glyphs a contract uses.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  if (!fonts) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    fonts = { regular: readFileSync(join(dir, 'NotoSansHans-Regular.otf')), bold: readFileSync(join(dir, 'NotoSansHans-Bold.otf')) };
  }
  return fonts;
}

const MARGIN = 56;
const A4_WIDTH = 595.28;
const CONTENT_WIDTH = A4_WIDTH - MARGIN * 2;

/**
 * Renders the contract. Deterministic: the same input gives the same bytes (the document dates are
 * the confirmation time, not the rendering time), so a stored hash can be recomputed at any time.
 */
export function renderContractPdf(input: ContractDocumentInput): Promise<Buffer> {
  const { terms } = input;
  const confirmed = new Date(terms.confirmedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 36, left: MARGIN, right: MARGIN },
    compress: true,
    info: { Title: `购销合同 ${input.contractNo}`, Subject: input.contractNo, Producer: 'tp-contract', Creator: 'tp-contract', CreationDate: confirmed, ModDate: confirmed },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { regular, bold } = loadFonts();
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);

  const margin = Decimal.parse(terms.buyerMargin);
  const amount = Decimal.parse(terms.amount);
  const isMargin = margin.isPositive();
  const balance = amount.sub(margin);

  doc.font('cjk-bold').fontSize(22).text('购销合同', { align: 'center', characterSpacing: 6 });
  doc.moveDown(0.6);
  doc.font('cjk').fontSize(10);
  const top = doc.y;
  doc.text(`合同编号：${input.contractNo}`, MARGIN, top);
  doc.text(`签订日期：${shanghaiDay(terms.confirmedAt)}`, MARGIN, top, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveDown(0.8);
  doc.fontSize(11);
  const partyLine = (label: string, name: string, credential: { label: string; value: string } | undefined) =>
    doc.text(credential ? `${label}：${name}（${credential.label}：${credential.value}）` : `${label}：${name}`, MARGIN);
  partyLine('卖方（甲方）', input.sellerName, input.credentials?.seller);
  partyLine('买方（乙方）', input.buyerName, input.credentials?.buyer);
  doc.moveDown(0.5);
  doc.fontSize(10).text(
    `甲乙双方通过本平台挂牌摘牌成交（挂牌编号 ${terms.listingId}，摘牌单号 ${terms.pickId}），根据《中华人民共和国民法典》及平台交易规则，经协商一致，订立本合同，共同遵守。`,
    { width: CONTENT_WIDTH, lineGap: 3 },
  );

  const heading = (title: string) => {
    doc.moveDown(0.45);
    doc.font('cjk-bold').fontSize(11).text(title, MARGIN, doc.y);
    doc.font('cjk').fontSize(10).moveDown(0.2);
  };
  const para = (body: string) => doc.text(body, MARGIN, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });

  heading('一、货物名称、规格、数量及金额');
  const columns: [string, number, string][] = [
    ['品名', 56, terms.commodityName],
    ['等级', 50, terms.gradeName],
    ['产地', 46, terms.origin ?? '—'],
    ['仓库', 92, terms.warehouseName ?? '—'],
    [`单价（元/${terms.unit}）`, 62, formatAmount(terms.price, 2, { thousands: true })],
    [`数量（${terms.unit}）`, 54, formatAmount(terms.quantity, 3, { thousands: true })],
    [`重量（${terms.weightUnit}）`, 54, formatAmount(terms.weight, 3, { thousands: true })],
    ['金额（元）', CONTENT_WIDTH - 414, formatAmount(terms.amount, 2, { thousands: true })],
  ];
  // Cells wrap long names (a warehouse's full name); each row is as tall as its tallest cell, text centred.
  doc.fontSize(8.5);
  const padding = 6;
  const rowOf = (pick: 0 | 2) => Math.max(...columns.map(([label, width, value]) => doc.heightOfString(pick === 0 ? label : value, { width: width - 4 }))) + padding * 2;
  const rows = [rowOf(0), rowOf(2)];
  let rowTop = doc.y + 2;
  for (const [r, height] of rows.entries()) {
    let x = MARGIN;
    for (const [label, width, value] of columns) {
      const content = r === 0 ? label : value;
      doc.rect(x, rowTop, width, height).stroke();
      const textHeight = doc.heightOfString(content, { width: width - 4 });
      doc.text(content, x + 2, rowTop + (height - textHeight) / 2, { width: width - 4, align: 'center' });
      x += width;
    }
    rowTop += height;
  }
  doc.fontSize(10);
  doc.y = rowTop + 8;
  para(`合同总金额：人民币（大写）${toChineseUppercase(terms.amount)}（小写 ${yuan(terms.amount)}）`);

  heading('二、付款方式');
  if (isMargin) {
    para(
      `保证金方式：乙方摘牌后支付首付保证金 ${yuan(margin.toString())}（人民币${toChineseUppercase(margin.toString())}），` +
        `余款 ${yuan(balance.toString())}（人民币${toChineseUppercase(balance.toString())}）应于 ${terms.balanceDueAt ? shanghaiMinute(terms.balanceDueAt) : '平台规定期限'} 前付清。` +
        (Decimal.parse(terms.sellerMargin).isPositive() ? `甲方已缴纳履约保证金 ${yuan(terms.sellerMargin)}。` : ''),
    );
  } else {
    para(`全款方式：乙方摘牌时已将全部货款 ${yuan(terms.amount)} 冻结于平台，甲方确认成交时由平台一次性划转给甲方。`);
  }

  heading('三、交货方式');
  if (terms.deliveryDueAt) {
    para(`预售交货：甲方应于 ${shanghaiMinute(terms.deliveryDueAt)} 前将货物入库${terms.warehouseName ? `（${terms.warehouseName}）` : ''}，入库后以仓单过户方式交付乙方。`);
  } else {
    para(`仓单交付：货物存放于${terms.warehouseName ?? '平台指定仓库'}，甲方确认成交时平台将相应货权过户至乙方名下，乙方凭平台提货单自提或委托物流提货。`);
  }

  heading('四、发票');
  para(`甲方应在成交之日起 ${terms.openTicketDay} 日内向乙方开具合法有效的增值税发票，乙方收到后在平台确认。`);

  heading('五、磅差');
  para(
    Decimal.parse(terms.poundsPoor).isPositive()
      ? `交货重量允许磅差为 ±${percentOf(terms.poundsPoor)}，磅差范围内按实际重量结算，超出部分由责任方承担。`
      : '本合同不设磅差，按实际交货重量结算。',
  );

  heading('六、违约责任');
  para(
    `乙方未按期付清余款的，其已付保证金归甲方所有（扣除平台分成）；甲方未按期交货或未按期开具发票的，其履约保证金归乙方所有（扣除平台分成）。` +
      `平台服务费为成交金额的 ${percentOf(terms.feeRate)}，由甲方承担。`,
  );

  heading('七、其他');
  para('本合同经甲乙双方在平台以电子签章方式签署后生效，电子签章与手写签名、加盖实物印章具有同等法律效力。本合同以平台留存的电子文本为准，可在平台凭合同编号及文件摘要验证。');

  // Signature blocks: kept whole on one page, the seals drawn over the party lines.
  const blockHeight = 150;
  if (doc.y + blockHeight + 16 > doc.page.height - 36) doc.addPage();
  const blockTop = doc.y + 16;
  const half = CONTENT_WIDTH / 2;
  const parties = [
    ['seller', '甲方（卖方）', input.sellerName],
    ['buyer', '乙方（买方）', input.buyerName],
  ] as const;
  parties.forEach(([party, label, name], i) => {
    const left = MARGIN + i * half;
    doc.font('cjk-bold').fontSize(10).text(`${label}（盖章）：`, left, blockTop, { width: half - 10, lineBreak: false });
    doc.font('cjk').fontSize(10).text(name, left, blockTop + 18, { width: half - 10 });
    const seal = input.seals[party];
    if (seal) {
      doc.image(seal.image, left + 40, blockTop + 36, { fit: [90, 90] });
      doc.fontSize(9).text(`电子签章时间：${shanghaiMinute(seal.signedAt)}`, left, blockTop + 132, { width: half - 10, lineBreak: false });
    } else {
      doc.fontSize(9).text('（待签署）', left, blockTop + 70, { width: half - 10, lineBreak: false });
    }
  });

  doc.end();
  return done;
}
