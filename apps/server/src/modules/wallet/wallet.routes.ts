import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressBookAdd,
  AddressBookDelete,
  AddressBookEntry,
  AdminWithdrawalDecision,
  AdminWithdrawalPage,
  AdminRefillDecision,
  AdminRefillsRequest,
  AdminWithdrawalsRequest,
  ChainDepositRequest,
  ChainDepositResult,
  ChainMineRequest,
  ChainStatus,
  CustodyRow,
  DepositAddress,
  DepositAddressRequest,
  DepositPage,
  RecordsRequest,
  RefillPage,
  RefillRow,
  WalletSettings,
  WalletSettingsSave,
  WalletPath,
  WithdrawPreview,
  WithdrawPreviewRequest,
  WithdrawRequest,
  WithdrawalPage,
  WithdrawalRecord,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { SimulatedChain } from './chain';
import { CHAINS } from './hd';
import type { WalletService } from './wallet.service';

const WITHDRAW_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const uid = (request: Parameters<typeof caller>[0]) => Number(caller(request).userId);

export interface WalletRouteOptions {
  /** The simulated chain's console; registered only outside production. */
  simulatedChain?: SimulatedChain | undefined;
  /** Runs the watcher after a console action, so the screen shows the result at once. */
  afterChainAction?: () => Promise<void>;
}

export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService, options: WalletRouteOptions = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  r.post(WalletPath.depositAddress, { schema: { body: DepositAddressRequest, response: replyOf(DepositAddress) }, config: user }, async (request) =>
    ok(await wallet.depositAddress(uid(request), request.body.asset)),
  );
  r.post(WalletPath.deposits, { schema: { body: RecordsRequest, response: replyOf(DepositPage) }, config: user }, async (request) =>
    ok(await wallet.deposits(uid(request), request.body)),
  );
  r.post(WalletPath.withdrawals, { schema: { body: RecordsRequest, response: replyOf(WithdrawalPage) }, config: user }, async (request) =>
    ok(await wallet.withdrawals(uid(request), request.body)),
  );
  r.post(WalletPath.withdrawPreview, { schema: { body: WithdrawPreviewRequest, response: replyOf(WithdrawPreview) }, config: user }, async (request) =>
    ok(await wallet.preview(uid(request), request.body)),
  );
  r.post(
    WalletPath.withdraw,
    { schema: { body: WithdrawRequest, response: replyOf(WithdrawalRecord) }, config: { auth: 'user', rateLimit: WITHDRAW_LIMIT, secondFactor: true } },
    async (request) => ok(await wallet.withdraw(uid(request), request.body, request.lang)),
  );
  r.post(WalletPath.addressBook, { schema: { response: replyOf(z.array(AddressBookEntry)) }, config: user }, async (request) =>
    ok(await wallet.addressBook(uid(request))),
  );
  r.post(WalletPath.addressBookAdd, { schema: { body: AddressBookAdd, response: replyOf(z.array(AddressBookEntry)) }, config: user }, async (request) =>
    ok(await wallet.addToBook(uid(request), request.body, request.lang)),
  );
  r.post(WalletPath.addressBookDelete, { schema: { body: AddressBookDelete, response: replyOf(z.array(AddressBookEntry)) }, config: user }, async (request) =>
    ok(await wallet.removeFromBook(uid(request), request.body.id)),
  );
  r.post(WalletPath.settings, { schema: { response: replyOf(WalletSettings) }, config: user }, async (request) => ok(await wallet.settings(uid(request))));
  r.post(
    WalletPath.settingsSave,
    { schema: { body: WalletSettingsSave, response: replyOf(WalletSettings) }, config: { auth: 'user', rateLimit: WITHDRAW_LIMIT, secondFactor: true } },
    async (request) => ok(await wallet.saveSettings(uid(request), request.body)),
  );

  const staff = { auth: { staff: 'withdrawal.approve' } } as const;
  r.post(WalletPath.adminWithdrawals, { schema: { body: AdminWithdrawalsRequest, response: replyOf(AdminWithdrawalPage) }, config: staff }, async (request) =>
    ok(await wallet.adminWithdrawals(request.body)),
  );
  r.post(WalletPath.adminDecide, { schema: { body: AdminWithdrawalDecision, response: replyOf(WithdrawalRecord) }, config: staff }, async (request) =>
    ok(await wallet.adminDecide(caller(request), request.body)),
  );
  r.post(WalletPath.adminRefills, { schema: { body: AdminRefillsRequest, response: replyOf(RefillPage) }, config: staff }, async (request) =>
    ok(await wallet.refills(request.body)),
  );
  r.post(WalletPath.adminRefillDecide, { schema: { body: AdminRefillDecision, response: replyOf(RefillRow) }, config: staff }, async (request) =>
    ok(await wallet.decideRefill(caller(request), request.body)),
  );
  r.post(WalletPath.adminCustody, { schema: { response: replyOf(z.array(CustodyRow)) }, config: { auth: { staff: 'bank.monitor' } } }, async () => ok(await wallet.custody()));

  const sim = options.simulatedChain;
  if (!sim) return;
  const settle = options.afterChainAction ?? (async () => undefined);
  r.post(WalletPath.adminChain, { schema: { response: replyOf(z.array(ChainStatus)) }, config: { auth: { staff: 'sandbox.control' } } }, async () =>
    ok(await Promise.all(CHAINS.map(async (chain) => ({ chain, height: await sim.height(chain), pending: await sim.pending(chain) })))),
  );
  r.post(WalletPath.adminChainDeposit, { schema: { body: ChainDepositRequest, response: replyOf(ChainDepositResult) }, config: { auth: { staff: 'sandbox.control' }, audit: 'wallet.chain.deposit' } }, async (request) => {
    const txid = await sim.send(request.body.chain, request.body);
    await settle();
    return ok({ txid });
  });
  r.post(WalletPath.adminChainMine, { schema: { body: ChainMineRequest, response: replyOf(z.array(ChainStatus)) }, config: { auth: { staff: 'sandbox.control' }, audit: 'wallet.chain.mine' } }, async (request) => {
    await sim.mine(request.body.chain, request.body.blocks);
    await settle();
    return ok(await Promise.all(CHAINS.map(async (chain) => ({ chain, height: await sim.height(chain), pending: await sim.pending(chain) }))));
  });
}
