// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuctionItem, AuctionOrder, Holding, Storage } from '@tp/contract';
import { EMPTY_PAGE, ENTERPRISE, findSlow, logIn, openAt, optionsOf, pickOption, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';

const storage = (storageId: string, name: string): Storage => ({
  storageId,
  name,
  address: '上海市宝山区',
  responsibleName: '张三',
  responsiblePhone: '13800000000',
  note: '',
  chargeStandard: '0.50',
  storageType: '1',
  warehousRate: '0.001',
  commodityTypeIds: ['1'],
});

/** A margin-buy lot in its bidding phase: the price has come down to 90.00, the next bid is at most 80.00. */
const buyLot: AuctionItem = {
  itemId: '870010',
  kind: 'M',
  bsFlag: 'B',
  source: 'J',
  sellerFirmId: '10009',
  commodityName: '螺纹钢',
  gradeName: 'HRB400',
  quantity: '40',
  weight: '100.200',
  startingUnitPrice: '100.00',
  addPrice: '10.00',
  currentPrice: '90.00',
  nextPrice: '80.00',
  bidCount: 2,
  leader: '2',
  deposit: '2004.00',
  hasReserve: false,
  reserveMet: true,
  showTime: '2026-01-05T01:00:00.000Z',
  startTime: '2026-01-05T02:00:00.000Z',
  endTime: '2026-01-05T03:00:00.000Z',
  status: '1',
  auditStatus: 'T',
  unsold: false,
  reason: '',
  memo: '',
  contactName: '李经理',
  contactPhone: '13900000001',
  image: '',
  bankIdList: [],
  warehousId: '3',
  storageName: '宝山一号库',
  mine: false,
  enrolStatus: '2',
  bidderNo: 1,
  leading: false,
  serverTime: '2026-01-05T02:30:00.000Z',
};

const order: AuctionOrder = {
  orderId: '900000007',
  itemId: '870010',
  kind: 'M',
  side: 'seller',
  commodityName: '螺纹钢',
  gradeName: 'HRB400',
  quantity: '40',
  weight: '100.200',
  price: '70.00',
  amount: '7014.00',
  firstPayment: '1402.80',
  balance: '5611.20',
  fee: '0.00',
  status: 'W',
  payStatus: 'F',
  buyerDefault: 'N',
  sellerDefault: 'N',
  confirmDueAt: '2026-01-08T03:00:00.000Z',
  balanceDueAt: '2026-01-08T03:00:00.000Z',
  contractId: null,
  createdAt: '2026-01-05T03:05:00.000Z',
};

const holding = (holdId: string, commodityName: string): Holding => ({
  holdId,
  receiptId: `7${holdId}`,
  receiptNo: `R${holdId}`,
  commodityName,
  gradeName: 'HRB400',
  quantity: '100',
  weight: '250.500',
  unit: '件',
  weightUnit: '吨',
  storageName: '宝山一号库',
  storageId: '3',
  status: '0',
  storageFee: '0.00',
  createdAt: '2026-01-01T02:00:00.000Z',
});

let calls: ApiCall[];
resetAroundEachTest('en');
beforeEach(() => {
  calls = stubApi((path) => {
    if (path === '/api/auction/detail') return reply(buyLot);
    if (path === '/api/auction/offers') return reply(EMPTY_PAGE);
    if (path === '/api/auction/proxy/detail') return reply({ itemId: buyLot.itemId, maxPrice: null });
    if (path === '/api/auction/time') return reply({ serverTime: '2026-01-05T02:30:00.000Z' });
    if (path === '/api/storage/list') return reply({ content: [storage('3', '宝山一号库'), storage('4', '张家港库')], total: 2, page: 0, size: 99 });
    if (path === '/api/auction/publish/marginBuy') return reply({ ...buyLot, itemId: '870011', status: 'N', auditStatus: 'P', mine: true });
    if (path === '/api/auction/orders') return reply({ content: [order], total: 1, page: 0, size: 10 });
    if (path === '/api/warehouse/holdings') return reply({ content: [holding('501', '螺纹钢'), holding('502', '玉米')], total: 2, page: 0, size: 100 });
    if (path === '/api/auction/confirmBidOrder') return reply({ ...order, status: 'T' });
    return undefined;
  });
  logIn(ENTERPRISE, ['auction.publish', 'auction.bid', 'trade.pay']);
});

const bodyOf = (path: string) => calls.find((c) => c.path === path)?.body;

describe('margin buy (reverse auction) pages', () => {
  it('the room says the price falls and the lowest bid leads, offers the next lower price and a proxy minimum', async () => {
    openAt('/auction/870010');
    expect((await findSlow('auction-direction')).textContent).toBe('Margin buy: sellers bid the price down and the lowest bid leads. Each bid is at most the next price shown.');
    expect((screen.getByTestId('auction-price') as HTMLInputElement).value).toBe('80.00');
    expect(screen.getByTestId('auction-bid').textContent).toContain('80.00');
    expect(screen.getByText('Proxy minimum')).toBeTruthy();
  });

  it('a buyer publishes a margin buy with the goods wanted, the delivery warehouse and the most it pays, after confirming', async () => {
    openAt('/sellerCenter/resource/biddingResource');
    await findSlow('auction-publish-form');
    fireEvent.click(screen.getByText('Margin buy'));
    expect((await findSlow('auction-direction')).textContent).toContain('sellers sign up with a margin and bid the price down');
    expect(screen.queryByTestId('field-holdId')).toBeNull();
    fireEvent.change(screen.getByTestId('field-commodityName'), { target: { value: '螺纹钢' } });
    fireEvent.change(screen.getByTestId('field-gradeName'), { target: { value: 'HRB400' } });
    await pickOption('field-warehousId', '宝山一号库');
    fireEvent.change(screen.getByTestId('field-quantity'), { target: { value: '40' } });
    fireEvent.change(screen.getByTestId('field-weight'), { target: { value: '100.200' } });
    fireEvent.change(screen.getByTestId('field-startingUnitPrice'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('field-addPrice'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('field-contactName'), { target: { value: '李经理' } });
    fireEvent.change(screen.getByTestId('field-contactPhone'), { target: { value: '13900000001' } });
    fireEvent.click(screen.getByTestId('auction-publish'));
    expect((await screen.findAllByText('Your deposit is frozen once published and the lot is shown after the audit. Publish?')).length).toBeGreaterThan(0);
    expect(bodyOf('/api/auction/publish/marginBuy')).toBeUndefined();
    fireEvent.click(await findSlow('auction-publish-ok'));
    await waitFor(() =>
      expect(bodyOf('/api/auction/publish/marginBuy')).toMatchObject({ commodityName: '螺纹钢', gradeName: 'HRB400', warehousId: '3', quantity: '40', weight: '100.200', startingUnitPrice: '100', addPrice: '10', contactName: '李经理', contactPhone: '13900000001' }),
    );
    expect(bodyOf('/api/auction/publish/holdSell')).toBeUndefined();
  });

  it('the winning seller confirms the order naming a holding of the lot’s commodity to deliver from', async () => {
    openAt('/sellerCenter/resource/biddingResourceOrder');
    fireEvent.click(await findSlow('auction-deliver'));
    expect((await findSlow('auction-deliver-what')).textContent).toContain('40 / 100.200 of 螺纹钢 HRB400');
    // Only holdings of the lot's commodity are offered.
    expect(await optionsOf('field-deliver-holdId')).toEqual(['R501 · 螺纹钢 HRB400 · 100 / 250.500 · 宝山一号库']);
    await pickOption('field-deliver-holdId', 'R501 · 螺纹钢 HRB400 · 100 / 250.500 · 宝山一号库');
    fireEvent.click(screen.getByTestId('auction-deliver-ok'));
    await waitFor(() => expect(bodyOf('/api/auction/confirmBidOrder')).toEqual({ orderId: '900000007', holdId: '501' }));
  });

  it('both sides see when the winning seller missed its confirmation: delayed, then defaulted with the order void', async () => {
    stubApi((path) => (path === '/api/auction/orders' ? reply({ content: [{ ...order, status: 'F', sellerDefault: 'F' }], total: 1, page: 0, size: 10 }) : undefined));
    openAt('/sellerCenter/resource/biddingResourceOrder');
    expect((await findSlow('auction-sellerDefault')).textContent).toBe('Seller: Defaulted');
    expect(screen.getByTestId('auction-buyerDefault').textContent).toBe('Buyer: None');
    expect(screen.getByTestId('auction-order-status').getAttribute('data-status')).toBe('F');
    expect(screen.queryByTestId('auction-deliver')).toBeNull();
  });

  it('the buyer of a margin buy sees the seller delayed and when it had to confirm, and cannot pay yet', async () => {
    stubApi((path) => (path === '/api/auction/orders' ? reply({ content: [{ ...order, side: 'buyer', sellerDefault: 'W' }], total: 1, page: 0, size: 10 }) : undefined));
    openAt('/buyerCenter/purchase/biddingOrder');
    expect((await findSlow('auction-sellerDefault')).textContent).toBe('Seller: Delayed');
    expect(screen.getByTestId('auction-confirm-due').textContent).toBe(new Date('2026-01-08T03:00:00.000Z').toLocaleString());
    expect(screen.queryByTestId('auction-pay')).toBeNull();
  });
});
