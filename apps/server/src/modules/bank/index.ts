/** Bank channels: signing, fund in / fund out, signed callbacks, reconciliation and the sandbox banks. */
export { createBankService, type BankService, type BankServiceDeps } from './bank.service';
/** The fund account now lives in the ledger; kept here while callers still import it from the bank. */
export { firmFund } from '../ledger/index';
export { registerBankRoutes, type BankRouteOptions } from './bank.routes';
export { createReconciliation, type Reconciliation } from './reconciliation';
export { createSandboxBanks, type SandboxBanks, type CallbackDelivery } from './sandbox-bank';
export { callbackKey, signCallback, CHANNEL_IDS, type BankChannel, type BankOutbound } from './channel';
