import { describe, expect, it } from 'vitest';
import { balanceOf, bargainActions, needsHolding, commodityFromPath, listingActions, listingAmount, listingFormula, marketQuery, pickActions, pickAmount, pickFormula, priceUnitOf, readSearch, shareOf, writeSearch, type PickState } from './logic';

const all = () => true;
const only = (...rights: string[]) => (right: string) => rights.includes(right);

describe('marketQuery', () => {
  it('sends only the filters that were filled in, trimmed', () => {
    expect(marketQuery({ commodityTypeId: '3', gradeId: '7', origin: '  唐山 ', storageId: '', keyword: ' 螺纹 ' }, 2, 10)).toEqual({ commodityTypeId: '3', gradeId: '7', origin: '唐山', keyword: '螺纹', page: 2, size: 10 });
  });

  it('drops a grade chosen without its commodity', () => {
    expect(marketQuery({ gradeId: '7' }, 0, 10)).toEqual({ page: 0, size: 10 });
  });

  it('puts a reversed price range in order and ignores malformed prices', () => {
    expect(marketQuery({ priceMin: '5000', priceMax: '3000.5' }, 0, 10)).toMatchObject({ priceMin: '3000.5', priceMax: '5000' });
    expect(marketQuery({ priceMin: '12.345', priceMax: 'abc' }, 0, 10)).toEqual({ page: 0, size: 10 });
  });

  it('leaves the default newest-first order out of the query', () => {
    expect(marketQuery({ sort: 'time' }, 0, 10)).toEqual({ page: 0, size: 10 });
    expect(marketQuery({ sort: 'price_asc' }, 0, 10)).toEqual({ sort: 'price_asc', page: 0, size: 10 });
  });
});

describe('commodityFromPath', () => {
  const types = [{ commodityTypeId: '3', name: '螺纹钢' }];
  it('accepts a catalogue id or a commodity name', () => {
    expect(commodityFromPath('3', types)).toBe('3');
    expect(commodityFromPath(encodeURIComponent('螺纹钢'), types)).toBe('3');
    expect(commodityFromPath('铜', types)).toBeUndefined();
    expect(commodityFromPath(undefined, types)).toBeUndefined();
  });
});

describe('pickActions', () => {
  const pick = (over: Partial<PickState>): PickState => ({ status: 'W', payStatus: 'W', side: 'buyer', listingType: 'B', bsFlag: 'S', ...over });

  it('lets the picker cancel and the listing owner confirm or refuse a pick awaiting confirmation', () => {
    expect(pickActions(pick({}), all)).toEqual(['cancelPick']);
    expect(pickActions(pick({ side: 'seller' }), all)).toEqual(['confirmPick', 'refusePick']);
    // On a purchase request the buyer owns the listing and the seller picked it.
    expect(pickActions(pick({ listingType: 'Q', bsFlag: 'B' }), all)).toEqual(['confirmPick', 'refusePick']);
    expect(pickActions(pick({ listingType: 'Q', bsFlag: 'B', side: 'seller' }), all)).toEqual(['cancelPick']);
  });

  it('asks the buyer of a confirmed margin pick for the balance, once', () => {
    expect(pickActions(pick({ status: 'T', payStatus: 'F' }), all)).toEqual(['payBalance']);
    expect(pickActions(pick({ status: 'T', payStatus: 'L', invoiceStatus: 'W' }), all)).toEqual([]);
  });

  it('waits for presale goods to be stocked in, which the seller does, before the balance', () => {
    expect(pickActions(pick({ status: 'T', payStatus: 'F', deliveryStatus: 'W' }), all)).toEqual([]);
    expect(pickActions(pick({ status: 'T', payStatus: 'F', deliveryStatus: 'W', side: 'seller' }), all)).toEqual(['stockIn']);
    expect(pickActions(pick({ status: 'T', payStatus: 'F', deliveryStatus: 'T' }), all)).toEqual(['payBalance']);
  });

  it('has the seller invoice a paid pick and the buyer confirm the invoice', () => {
    expect(pickActions(pick({ status: 'T', payStatus: 'L', invoiceStatus: 'W', side: 'seller' }), all)).toEqual(['uploadInvoice']);
    expect(pickActions(pick({ status: 'T', payStatus: 'L', invoiceStatus: 'O', side: 'seller' }), all)).toEqual([]);
    expect(pickActions(pick({ status: 'T', payStatus: 'L', invoiceStatus: 'O' }), all)).toEqual(['confirmInvoice']);
  });

  it('offers nothing on closed picks', () => {
    for (const status of ['F', 'U']) {
      expect(pickActions(pick({ status }), all)).toEqual([]);
      expect(pickActions(pick({ status, side: 'seller' }), all)).toEqual([]);
    }
  });

  it('hides what the viewer has no right to', () => {
    expect(pickActions(pick({ status: 'T', payStatus: 'F' }), only('trade.pick'))).toEqual([]);
    expect(pickActions(pick({ side: 'seller' }), only('trade.invoice'))).toEqual([]);
    expect(pickActions(pick({ listingType: 'Q', bsFlag: 'B' }), only('trade.list'))).toEqual([]);
  });
});

describe('listingActions', () => {
  it('lets another firm pick, buy all or bargain a sell listing', () => {
    expect(listingActions({ type: 'B', status: 'O', mine: false }, all)).toEqual(['pick', 'allBuy', 'bargain']);
    expect(listingActions({ type: 'X', status: 'O', mine: false }, only('trade.pick'))).toEqual(['pick', 'allBuy']);
  });

  it('lets a seller sell to a purchase request', () => {
    expect(listingActions({ type: 'Q', status: 'O', mine: false }, only('trade.list'))).toEqual(['sellTo']);
    expect(listingActions({ type: 'B', bsFlag: 'B', status: 'O', mine: false }, only('trade.list', 'trade.pick'))).toEqual(['sellTo']);
  });

  it('lets the owner cancel and pin its own open listing, pinning once', () => {
    expect(listingActions({ type: 'B', status: 'O', mine: true }, all)).toEqual(['cancel', 'top']);
    expect(listingActions({ type: 'B', status: 'O', mine: true, topAt: '2026-01-01T00:00:00Z' }, all)).toEqual(['cancel']);
  });

  it('offers nothing on a listing that is no longer open', () => {
    for (const status of ['Z', 'T', 'U']) expect(listingActions({ type: 'B', status, mine: false }, all)).toEqual([]);
  });
});

describe('search storage', () => {
  it('keeps the commodity and text between pages and ignores damaged data', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readSearch(storage)).toEqual({});
    writeSearch({ commodityTypeId: '3', text: ' 螺纹 ' }, storage);
    expect(readSearch(storage)).toEqual({ commodityTypeId: '3', text: '螺纹' });
    store.set('tp.listing.search', '{oops');
    expect(readSearch(storage)).toEqual({});
  });
});

describe('money shares', () => {
  it('truncates margins and balances to fen', () => {
    expect(shareOf('18518.40', '0.2')).toBe('3703.68');
    expect(shareOf('100.09', '0.15')).toBe('15.01');
    expect(balanceOf('18518.40', '3703.68')).toBe('14814.72');
    expect(balanceOf('10', '12')).toBe('0.00');
  });
});

describe('pickAmount', () => {
  const spot = { type: 'X', price: '1234.56', quantity: '40', weight: '100.2' };
  const margin = { type: 'B', price: '3000', quantity: '40', weight: '100.2' };

  it('prices a spot pick per quantity unit', () => {
    expect(pickAmount(spot, '15')).toBe('18518.40');
  });

  it('prices a margin pick per weight unit on the picked share of the weight', () => {
    // 100.2 × 15 / 40 = 37.575 t
    expect(pickAmount(margin, '15')).toBe('112725.00');
    // 100.2 × 1 / 3 = 33.4 (truncated to 3 places), not a third of the amount
    expect(pickAmount({ ...margin, quantity: '3' }, '1')).toBe('100200.00');
    expect(pickAmount(margin, '40')).toBe('300600.00');
  });

  it('uses an offered price and waits for complete input', () => {
    // 2999.99 × 100.2 = 300598.998: truncated, not rounded
    expect(pickAmount(margin, '40', '2999.99')).toBe('300598.99');
    expect(pickAmount(margin, '1.')).toBe('');
    expect(pickAmount(margin, '1', '12.345')).toBe('');
  });
});

describe('listingAmount', () => {
  it('is price × quantity for spot and price × weight for margin and purchase orders', () => {
    expect(listingAmount('X', '1234.56', '40', '100.2')).toBe('49382.40');
    expect(listingAmount('B', '3000', '40', '100.2')).toBe('300600.00');
    expect(listingAmount('Q', '3000.5', '1', '0.333')).toBe('999.16');
    expect(listingAmount('B', '3000', '40', '')).toBe('');
  });
});

describe('priceUnitOf', () => {
  const units = { unit: '捆', weightUnit: '吨' };
  it('prices spot listings per package and margin listings and purchase requests per weight', () => {
    expect(priceUnitOf('X', units)).toBe('捆');
    expect(priceUnitOf('B', units)).toBe('吨');
    expect(priceUnitOf('Q', units)).toBe('吨');
  });
});

describe('pickFormula', () => {
  const units = { unit: '捆', weightUnit: '吨' };

  it('shows a purchase request priced per tonne on the weight, not on the packages', () => {
    // 20 bundles of a 20-bundle, 50-tonne request at 1,500 per tonne freeze 75,000, not 30,000.
    const request = { type: 'Q', price: '1500.00', quantity: '20', weight: '50', ...units };
    expect(pickFormula(request, '20')).toEqual({ price: '1,500.00', priceUnit: '吨', basis: '50.000', basisUnit: '吨', amount: '75,000.00' });
  });

  it('shows a spot pick priced per package on the packages', () => {
    const spot = { type: 'X', price: '3850.5', quantity: '40', weight: '100.2', ...units };
    expect(pickFormula(spot, '10')).toEqual({ price: '3,850.50', priceUnit: '捆', basis: '10.000', basisUnit: '捆', amount: '38,505.00' });
  });

  it('uses the picked share of the weight, truncated, and an offered price', () => {
    const margin = { type: 'B', price: '3000', quantity: '3', weight: '100.2', ...units };
    expect(pickFormula(margin, '1', '2999.99')).toEqual({ price: '2,999.99', priceUnit: '吨', basis: '33.400', basisUnit: '吨', amount: '100,199.66' });
    expect(pickFormula(margin, '')).toBeNull();
  });
});

describe('listingFormula', () => {
  const units = { unit: '捆', weightUnit: '吨' };
  it('multiplies the price by what it is per', () => {
    expect(listingFormula('Q', '1500', '20', '50', units)).toEqual({ price: '1,500.00', priceUnit: '吨', basis: '50.000', basisUnit: '吨', amount: '75,000.00' });
    expect(listingFormula('X', '1234.56', '40', '100.2', units)).toEqual({ price: '1,234.56', priceUnit: '捆', basis: '40.000', basisUnit: '捆', amount: '49,382.40' });
    expect(listingFormula('B', '3000', '40', undefined, units)).toBeNull();
  });
});

describe('bargainActions', () => {
  it('lets the owner answer a waiting offer and the offerer withdraw it', () => {
    expect(bargainActions({ role: 'owner', status: 'W' }, all)).toEqual(['accept', 'counter', 'refuse']);
    expect(bargainActions({ role: 'offerer', status: 'W' }, all)).toEqual(['withdraw']);
  });

  it('hands a counter-offer to the offerer', () => {
    expect(bargainActions({ role: 'owner', status: 'C' }, all)).toEqual([]);
    expect(bargainActions({ role: 'offerer', status: 'C' }, all)).toEqual(['accept', 'refuse']);
  });

  it('offers nothing once settled or without the right', () => {
    for (const status of ['A', 'R', 'X']) {
      expect(bargainActions({ role: 'owner', status }, all)).toEqual([]);
      expect(bargainActions({ role: 'offerer', status }, all)).toEqual([]);
    }
    expect(bargainActions({ role: 'offerer', status: 'C' }, only('trade.pick'))).toEqual([]);
    expect(bargainActions({ role: 'owner', status: 'W' }, only('trade.bargain'))).toEqual([]);
  });
});

describe('needsHolding', () => {
  it('backs spot and margin sell orders with a holding, but not presales or buy orders', () => {
    expect(needsHolding('X', 'S', 'W')).toBe(true);
    expect(needsHolding('B', 'S', 'W')).toBe(true);
    expect(needsHolding('B', 'S', 'J')).toBe(true);
    expect(needsHolding('B', 'S', 'C')).toBe(false);
    expect(needsHolding('B', 'B', 'W')).toBe(false);
    expect(needsHolding('Q', 'B', 'W')).toBe(false);
  });
});
