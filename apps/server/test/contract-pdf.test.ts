import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';
import { renderContractPdf, type ContractDocumentInput } from '../src/modules/contract/contract.pdf';

const marginContract: ContractDocumentInput = {
  contractNo: 'HT20260105820007',
  sellerName: '上海示范钢铁贸易有限公司',
  buyerName: '江苏买方实业有限公司',
  terms: {
    pickId: 820007,
    listingId: 810003,
    listingType: 'B',
    source: 'C',
    commodityName: '螺纹钢',
    gradeName: 'HRB400E',
    unit: '捆',
    weightUnit: '吨',
    price: '4000.00',
    quantity: '25.000',
    weight: '62.625',
    amount: '100000.05',
    buyerMargin: '20000.00',
    sellerMargin: '5000.00',
    feeRate: '0.002',
    poundsPoor: '0.03',
    openTicketDay: 7,
    balanceDueAt: '2026-01-08T15:59:59.000Z',
    deliveryDueAt: '2026-01-20T15:59:59.000Z',
    origin: '江苏张家港',
    warehouseName: '上海宝山钢材物流园',
    confirmedAt: '2026-01-05T02:00:00.000Z',
  },
  seals: {},
};

describe('contract PDF', () => {
  it('states margin payment, the balance deadline, presale delivery, invoicing and tolerance in Chinese', async () => {
    // Paragraphs wrap across lines; the wording is checked across the breaks.
    const text = pdfText(await renderContractPdf(marginContract)).replaceAll('\n', '');
    expect(text).toContain('合同总金额：人民币（大写）壹拾万元零伍分（小写 ¥100,000.05）');
    expect(text).toContain('首付保证金 ¥20,000.00（人民币贰万元整）');
    expect(text).toContain('余款 ¥80,000.05（人民币捌万元零伍分）应于 2026-01-08 23:59 前付清');
    expect(text).toContain('甲方已缴纳履约保证金 ¥5,000.00');
    expect(text).toContain('甲方应于 2026-01-20 23:59 前将货物入库（上海宝山钢材物流园）');
    expect(text).toContain('甲方应在成交之日起 7 日内');
    expect(text).toContain('允许磅差为 ±3%');
    expect(text).toContain('平台服务费为成交金额的 0.2%');
    expect(text).toContain('江苏张家港');
    expect(text.match(/（待签署）/g)).toHaveLength(2);
  });

  it('renders the same bytes for the same contract', async () => {
    const [first, second] = await Promise.all([renderContractPdf(marginContract), renderContractPdf(marginContract)]);
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
