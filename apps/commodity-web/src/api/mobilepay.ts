import { useQuery } from '@tanstack/react-query';
import { MobilePayPath, MobilePaymentView } from '@tp/contract';
import { api } from './client';

/** A pending payment is polled this often: the server asks the provider too, in case its notification is late. */
export const MOBILE_PAY_POLL_MS = 2_000;

export const mobilePayKeys = {
  all: ['mobilepay'] as const,
  payment: (paymentId: string) => [...mobilePayKeys.all, 'payment', paymentId] as const,
};

/** One payment as its payer's firm sees it; polled until it is no longer pending. */
export function useMobilePayment(paymentId: string) {
  return useQuery({
    queryKey: mobilePayKeys.payment(paymentId),
    queryFn: ({ signal }) => api.post(MobilePayPath.status, { paymentId }, MobilePaymentView, { signal }),
    refetchInterval: (query) => (!query.state.data || query.state.data.status === 'pending' ? MOBILE_PAY_POLL_MS : false),
  });
}
