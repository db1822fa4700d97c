/** Events the verification module writes to the outbox. */
export const VerificationEvents = {
  /** Staff passed or failed a senior verification; the user's WebSocket topic receives it as a `verification` push. */
  seniorDecided: 'verification.senior.decided',
} as const;
