/** Events the wallet module writes to the outbox. */
export const WalletEvents = {
  /** A user's deposit or withdrawal changed; the user's WebSocket topic receives it as a `wallet` push. */
  changed: 'wallet.changed',
} as const;
