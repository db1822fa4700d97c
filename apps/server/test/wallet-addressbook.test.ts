import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_JOURNAL_TYPES,
  ExchangeAssetPath,
  PaymentPasswordPath,
  WalletPath,
  type AddressBookEntry,
  type AssetFlowEntry,
  type Page,
  type SessionInfo,
  type WalletSettings,
  type WithdrawalRecord,
} from '@tp/contract';
import { DEMO_HOLDINGS, seedDemoHoldings } from '../src/modules/asset/index';
import { createLedgerService } from '../src/modules/ledger/index';
import { seedDemoCustody } from '../src/modules/wallet/index';
import { createTestApp, type TestContext } from './harness';
import { PASSWORD, client, loggedInUser, type Client } from './identity-support';

const SAVED = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const OTHER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HOUR = 3_600_000;
let ctx: TestContext;
let counter = 0;

beforeAll(async () => {
  // Every withdrawal below 1,000,000 USDT is approved at once.
  ctx = await createTestApp({ walletAutoApproveUsdt: '1000000' });
}, 120_000);
afterAll(() => ctx.close());

async function fundedUser(lang: 'cn' | 'en' = 'en'): Promise<{ c: Client; tel: string }> {
  const { c, tel, session } = await loggedInUser(ctx, { lang });
  expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
  await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
  await seedDemoCustody(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId, DEMO_HOLDINGS);
  return { c, tel };
}
const funded = async (lang: 'cn' | 'en' = 'en') => (await fundedUser(lang)).c;

/** The manual clock moved past the session's limits: the same user logs in again. */
async function relogin(c: Client, tel: string): Promise<void> {
  const res = await client(ctx).post<SessionInfo>('/api/user/login', { loginAccount: tel, password: PASSWORD });
  expect(res.code).toBe('0');
  c.useSession(res.value);
}

const withdraw = (c: Client, address: string, amount = '20') =>
  c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'USDT', address, amount, fundPassword: '246810', requestId: `book-${process.pid}-${++counter}` });

describe('withdrawal whitelist', () => {
  it('is off by default; turning it on or off needs the fund password', async () => {
    const c = await funded();
    expect((await c.post<WalletSettings>(WalletPath.settings)).value).toEqual({ whitelistOnly: false });
    expect((await c.post(WalletPath.settingsSave, { whitelistOnly: true, fundPassword: '000000' })).code).toBe('-1120');
    expect((await c.post<WalletSettings>(WalletPath.settings)).value).toEqual({ whitelistOnly: false });
    expect((await c.post<WalletSettings>(WalletPath.settingsSave, { whitelistOnly: true, fundPassword: '246810' })).value).toEqual({ whitelistOnly: true });
  });

  it('accepts only saved addresses, each 24 hours after it was added, refusing under the address field', async () => {
    const { c, tel } = await fundedUser('cn');
    await c.post(WalletPath.settingsSave, { whitelistOnly: true, fundPassword: '246810' });

    const unsaved = await withdraw(c, OTHER);
    expect(unsaved).toMatchObject({ status: 422, code: '-3205', message: '提现地址：已开启白名单，只能提现到地址簿中的地址' });
    expect(unsaved.value).toMatchObject({ fields: [{ field: 'address', rule: 'notSaved' }] });

    const added = ctx.clock.now().getTime();
    const book = await c.post<AddressBookEntry[]>(WalletPath.addressBookAdd, { asset: 'USDT', label: 'ledger', address: SAVED });
    expect(book.value).toEqual([
      expect.objectContaining({ label: 'ledger', address: SAVED, usable: false, usableAt: new Date(added + 24 * HOUR).toISOString(), createdAt: new Date(added).toISOString() }),
    ]);
    expect(await withdraw(c, SAVED)).toMatchObject({ status: 422, code: '-3205', message: '提现地址：新地址添加 24 小时后才能使用，约 24 小时后可用' });

    ctx.clock.advance(23 * HOUR + 30 * 60_000);
    await relogin(c, tel);
    expect((await withdraw(c, SAVED)).message).toBe('提现地址：新地址添加 24 小时后才能使用，约 1 小时后可用');

    ctx.clock.advance(30 * 60_000);
    await relogin(c, tel);
    expect((await c.post<AddressBookEntry[]>(WalletPath.addressBook)).value[0]?.usable).toBe(true);
    const sent = await withdraw(c, SAVED);
    expect(sent.code).toBe('0');
    expect(sent.value.status).toBe('in_transit');
    // Still only saved addresses.
    expect((await withdraw(c, OTHER)).code).toBe('-3205');
  });

  it('off, any valid address is accepted at once, saved or not', async () => {
    const c = await funded();
    await c.post(WalletPath.addressBookAdd, { asset: 'USDT', label: 'new', address: SAVED });
    expect((await withdraw(c, SAVED)).code).toBe('0');
    expect((await withdraw(c, OTHER)).code).toBe('0');
  });
});

describe('the financial log of a withdrawal', () => {
  it('shows the fee on a line of its own when it is held and when it is returned, every line a type the exchange words', async () => {
    const c = await funded();
    // The node refuses the send: the withdrawal fails and both amount and fee come back.
    ctx.app.services.simulatedChain.failNextBroadcast();
    expect((await withdraw(c, SAVED, '100')).value.status).toBe('failed');
    const flow = await c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'spot', asset: 'USDT', page: 0, size: 10 });
    expect(flow.value.content.map((e) => [e.type, e.amount])).toEqual([
      ['wallet.withdraw.fee.release', '1'],
      ['wallet.withdraw.release', '100'],
      ['wallet.withdraw.fee', '-1'],
      ['wallet.withdraw.freeze', '-100'],
      ['demo.grant', '10000'],
    ]);
    expect(flow.value.content.map((e) => e.balanceAfter)).toEqual(['10000', '9999', '9899', '9900', '10000']);
    for (const entry of flow.value.content) expect(EXCHANGE_JOURNAL_TYPES).toContain(entry.type);
  });
});
