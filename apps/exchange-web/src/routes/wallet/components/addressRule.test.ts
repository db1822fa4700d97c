import { describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '@tp/contract';
import { addressRefusal } from './addressRule';

const USDT = { code: 'USDT', chain: 'ETH' };
const BTC = { code: 'BTC', chain: 'BTC' };
const SAVED = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const NOW = Date.parse('2026-11-26T08:00:00Z');
const entry = (usableAt: string): AddressBookEntry => ({ id: '1', asset: 'USDT', label: 'cold', address: SAVED, createdAt: '2026-11-25T08:00:00Z', usableAt, usable: Date.parse(usableAt) <= NOW });

describe('the withdrawal address check in the form', () => {
  it('names the chain for an address of another format, and tells a checksum typo apart', () => {
    expect(addressRefusal('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', USDT)).toEqual({ rule: 'format', params: { chain: 'ETH' } });
    expect(addressRefusal(SAVED.replace('EfFD', 'efFD'), USDT)).toEqual({ rule: 'checksum', params: { chain: 'ETH' } });
    expect(addressRefusal(SAVED, BTC)).toEqual({ rule: 'format', params: { chain: 'BTC' } });
    expect(addressRefusal('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', BTC)).toBeNull();
    expect(addressRefusal(SAVED, USDT)).toBeNull();
  });

  it('in whitelist mode accepts only a saved address of the asset once it is usable', () => {
    expect(addressRefusal(SAVED, USDT, { book: [], now: NOW })).toEqual({ rule: 'notSaved', params: {} });
    expect(addressRefusal(SAVED, USDT, { book: [entry('2026-11-26T10:30:00Z')], now: NOW })).toEqual({ rule: 'notYetUsable', params: { hours: 3 } });
    expect(addressRefusal(SAVED, USDT, { book: [entry('2026-11-26T07:59:00Z')], now: NOW })).toBeNull();
    expect(addressRefusal(SAVED, { code: 'ETH', chain: 'ETH' }, { book: [entry('2026-11-26T07:59:00Z')], now: NOW })).toEqual({ rule: 'notSaved', params: {} });
  });
});
