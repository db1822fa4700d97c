import { SandboxClockRequest, type ListingDetail } from '@tp/contract';

export { REASON_MAX, reasonValid } from '../../components/ReasonButton';

/** Only a listing still waiting for staff (presale or purchase request in audit) can be approved or rejected. */
export const awaitsAudit = (listing: Pick<ListingDetail, 'status' | 'auditStatus'>) => listing.status === 'A' && listing.auditStatus === 'P';

/** Only a listing on the market can be forced off it; picks already made settle as they are. */
export const canForceOff = (listing: Pick<ListingDetail, 'status'>) => listing.status === 'O';

export const MAX_ADVANCE_HOURS = SandboxClockRequest.shape.advanceHours.maxValue ?? 9600;

/** Hours to move the sandbox clock: more than 0, at most two decimals, within the server's bound. */
export function advanceHoursValid(value: string): boolean {
  const shown = value.trim();
  if (!/^\d{1,4}(?:\.\d{1,2})?$/.test(shown)) return false;
  const hours = Number(shown);
  return hours > 0 && SandboxClockRequest.safeParse({ advanceHours: hours }).success;
}
