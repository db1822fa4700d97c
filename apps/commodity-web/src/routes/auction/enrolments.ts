import { useQuery } from '@tanstack/react-query';
import { AuctionPath, EnrolmentPage, type EnrolStatus } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { api } from '../../api/client';
import { auctionKeys } from './api';

/** What the app asks for when it starts with a session: the firm's first 1000 sign-ups (the spec's page 0, size 1000). */
export const STARTUP_ENROLMENTS = { page: 0, size: 1000 } as const;

/** The firm right that signs up and bids (the server checks it on reading sign-ups too). */
const BID_RIGHT = 'auction.bid';

/** The query key of the firm's sign-ups: one entry per firm, so another firm's session never reads them. */
export const firmEnrolmentsKey = (firmId: string) => [...auctionKeys.all, 'firmEnrolments', firmId] as const;

/**
 * The signed-in firm's auction sign-ups, loaded once when the app starts with a session and kept in
 * the query cache, so lot lists show "registered" without a call per lot. A sign-up invalidates the
 * auction queries, which reloads them.
 */
export function useFirmEnrolments() {
  const { session, hasRight } = useSession();
  const firmId = session?.firmId ?? '';
  // Only members who may bid have sign-ups to read; anyone else (finance staff) would be refused.
  const mayBid = hasRight(BID_RIGHT);
  return useQuery({
    queryKey: firmEnrolmentsKey(firmId),
    queryFn: ({ signal }) => api.post(AuctionPath.enrolments, STARTUP_ENROLMENTS, EnrolmentPage, { signal }),
    enabled: firmId !== '' && !!session?.sessionStr && mayBid,
    staleTime: Infinity,
  });
}

/** The firm's sign-up state per lot, from the store loaded at startup (empty before it loads or without a session). */
export function useEnrolStatuses(): ReadonlyMap<string, EnrolStatus> {
  const { data } = useFirmEnrolments();
  return new Map((data?.content ?? []).map((e) => [e.itemId, e.status]));
}
