/**
 * States the warehouse keeps for itself (never on the wire). The named codes of the states the
 * client sees (`ApplyStatus`, `HoldStatus`...) come from the contract.
 */

/** What became of an application's inspection fee: '' none yet, then frozen, and finally charged or released. */
export const InspectionFeeState = { none: '', frozen: 'frozen', charged: 'charged', released: 'released' } as const;
export type InspectionFeeState = (typeof InspectionFeeState)[keyof typeof InspectionFeeState];

/** One day's storage fee: charged, or owed when the firm's available funds were short. */
export const AccrualState = { charged: 'charged', owed: 'owed' } as const;
export type AccrualState = (typeof AccrualState)[keyof typeof AccrualState];

/** What a history row is about. */
export const HistoryObject = { apply: 'apply', inspection: 'inspection', arrival: 'arrival', holding: 'holding', pickup: 'pickup' } as const;
export type HistoryObject = (typeof HistoryObject)[keyof typeof HistoryObject];
