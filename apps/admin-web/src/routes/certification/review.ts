import type { AdminCertificationRow, ReviewLevel } from '@tp/contract';

export type CertificationRowStatus = AdminCertificationRow['status'];

/** The status filters each review page offers; the first is its queue (what waits for this level). */
export const LEVEL_FILTERS: Record<ReviewLevel, readonly CertificationRowStatus[]> = {
  member: ['1', '3', '4', '2'],
  risk: ['4', '5', '2'],
};

export const STATUS_COLOR: Record<CertificationRowStatus, string> = { '1': 'gold', '2': 'green', '3': 'red', '4': 'blue', '5': 'red' };

/** Whether a row waits for a decision at this level. */
export const waitsAt = (level: ReviewLevel, status: CertificationRowStatus) => (level === 'member' ? status === '1' : status === '4');
