/** Deposit addresses (HD), the chain watcher, withdrawals with review, the address book and custody. */
export { createWalletService, type WalletService, type WalletServiceDeps } from './wallet.service';
export { HOT_SHARE, seedDemoCustody } from './custody';
export { registerWalletRoutes, type WalletRouteOptions } from './wallet.routes';
export { createSimulatedChain, BroadcastError, type ChainAdapter, type SimulatedChain, type ChainTx } from './chain';
export { deriveAddress, developmentXpub, isValidAddress, CHAINS, type Chain } from './hd';
