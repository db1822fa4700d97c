/** Events the bank module writes to the outbox. */
export const BankEvents = {
  /** A firm's bank transfer or signing changed; the firm's WebSocket topic receives it as a `bank` push. */
  changed: 'bank.changed',
} as const;
