import { useQuery } from '@tanstack/react-query';
import { MobilePayPath, MobilePaymentView, WsTopic } from '@tp/contract';
import { useLiveTopic, useSession } from '@tp/web-kit';
import { api } from './client';

/** A pending payment is polled this often too (the server then asks the provider), in case the live push is late or lost. */
export const MOBILE_PAY_POLL_MS = 2_000;

export const mobilePayKeys = {
  all: ['mobilepay'] as const,
  payment: (paymentId: string) => [...mobilePayKeys.all, 'payment', paymentId] as const,
};

/** One payment as its payer's firm sees it: refreshed by the firm's live pushes, and polled until it is no longer pending. */
export function useMobilePayment(paymentId: string) {
  const { session } = useSession();
  const query = useQuery({
    queryKey: mobilePayKeys.payment(paymentId),
    queryFn: ({ signal }) => api.post(MobilePayPath.status, { paymentId }, MobilePaymentView, { signal }),
    refetchInterval: (q) => (!q.state.data || q.state.data.status === 'pending' ? MOBILE_PAY_POLL_MS : false),
  });
  const { refetch } = query;
  useLiveTopic(session?.firmId ? WsTopic.firm(session.firmId) : undefined, (push) => {
    const data = push.data as { kind?: unknown; paymentId?: unknown } | null;
    if (push.type === 'order' && data?.kind === 'mobilePayment' && data.paymentId === paymentId) void refetch();
  });
  return query;
}
