/** Events the system module writes to the outbox. */
export const SystemEvents = {
  /** Staff changed the global switches; the `system` WebSocket topic receives the new switches. */
  switchesChanged: 'system.switches.changed',
} as const;
