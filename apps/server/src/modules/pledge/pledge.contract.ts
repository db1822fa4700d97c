import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import PDFDocument from 'pdfkit';
import { Decimal, formatAmount, toChineseUppercase } from '@tp/decimal';
import type { SigningKey } from '../contract/index';
import { shanghaiDay } from '../../platform/time';

/** What a pledge contract (仓单质押借款合同) prints; decimals as strings. */
export interface PledgeContractInput {
  contractNo: string;
  financeId: number;
  borrowerName: string;
  funderName: string;
  commodityName: string;
  storageName: string;
  quantity: string;
  weight: string;
  weightUnit: string;
  referencePrice: string;
  valuation: string;
  amount: string;
  annualRate: string;
  penaltyRate: string;
  maintenanceRatio: string;
  termDays: string;
  startDay: string;
  dueDay: string;
  /** When the borrower accepted: the document's date, so re-rendering gives the same bytes. */
  signedAt: string;
}

let font: Buffer | undefined;
/** The same embedded CJK font as the trade contracts, so Chinese prints without system fonts. */
function cjkFont(): Buffer {
  font ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  return font;
}

const yuan = (v: string) => `¥${formatAmount(Decimal.parse(v).truncate(2), 2, { thousands: true })}`;
const percent = (share: string) => `${Decimal.parse(share).mul('100').toString().replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')}%`;

/** Renders the pledge contract: parties, goods, loan in figures and in uppercase Chinese, rates, term, collateral rules. */
export function renderPledgeContract(input: PledgeContractInput): Promise<Buffer> {
  const signed = new Date(input.signedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 40, left: 56, right: 56 },
    compress: true,
    info: { Title: `仓单质押借款合同 ${input.contractNo}`, Subject: input.contractNo, Producer: 'tp-pledge', Creator: 'tp-pledge', CreationDate: signed, ModDate: signed },
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text('仓单质押借款合同', { align: 'center' });
  doc.moveDown(0.5).fontSize(10).text(`合同编号：${input.contractNo}    融资编号：${input.financeId}`, { align: 'center' });
  doc.moveDown();
  const line = (label: string, value: string) => doc.fontSize(11).text(`${label}：${value}`);
  line('出质人（借款人）', input.borrowerName);
  line('质权人（资金方）', input.funderName);
  doc.moveDown(0.5);
  line('质押货物', `${input.commodityName}，数量 ${input.quantity}，重量 ${input.weight}${input.weightUnit}`);
  line('存放仓库', input.storageName);
  line('参考价', `${yuan(input.referencePrice)} / ${input.weightUnit || '单位'}`);
  line('评估货值', `${yuan(input.valuation)}（${toChineseUppercase(input.valuation)}）`);
  doc.moveDown(0.5);
  line('借款金额', `${yuan(input.amount)}`);
  line('借款金额（大写）', toChineseUppercase(input.amount));
  line('年利率', `${percent(input.annualRate)}（按日计息，日利率 = 年利率 / 360，每日利息截取至分）`);
  line('逾期罚息年利率', percent(input.penaltyRate));
  line('借款期限', `${input.termDays} 天，自 ${input.startDay} 起至 ${input.dueDay} 止`);
  line('维持比例', `借款本金不得超过质押货物现值的 ${percent(input.maintenanceRatio)}，否则出质人须在通知期限内追加还款`);
  doc.moveDown();
  doc
    .fontSize(10)
    .text(
      '一、质押期间货物由平台仓库冻结保管，出质人未经质权人同意不得提取或转让。二、出质人可提前部分或全部还款，还款依次抵扣罚息、利息、本金；部分还款可按已还本金比例申请解除相应货物的质押。三、借款到期（含宽限期）未清偿的，质权人有权处置质押货物，所得价款依次清偿罚息、利息、本金，余款退还出质人。',
    );
  doc.moveDown();
  doc.fontSize(11).text(`签署日期：${shanghaiDay(signed)}`);
  doc.text('出质人与质权人以平台电子签名方式签署本合同，平台对合同文件的摘要进行数字签名。');
  doc.end();
  return done;
}

/** The document's SHA-256 and the platform's Ed25519 signature over it, as hex. */
export function signDocument(pdf: Buffer, key: SigningKey): { hash: string; signature: string } {
  const digest = createHash('sha256').update(pdf).digest();
  return { hash: digest.toString('hex'), signature: bytesToHex(ed25519.sign(digest, key.secretKey)) };
}
