import { useMutation, useQuery } from '@tanstack/react-query';
import { VerificationPath, VerificationStatus, type BasicVerificationRequest } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { api, queryClient } from '../../../api/client';
import { identityKeys } from '../../../api/identity';
import { session } from '../../../session';

export const realNameKeys = { status: () => [...identityKeys.user(), 'realName'] as const };

export function useRealNameStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: realNameKeys.status(),
    queryFn: ({ signal }) => api.post(VerificationPath.status, {}, VerificationStatus, { signal }),
    enabled: isLoggedIn,
  });
}

/** Name and ID number, verified at once; the session's userCerStatus follows. */
export function useVerifyRealName() {
  return useMutation({
    mutationFn: (body: BasicVerificationRequest) => api.post(VerificationPath.basic, body, VerificationStatus),
    onSuccess: (status) => {
      queryClient.setQueryData(realNameKeys.status(), status);
      session.update({ userCerStatus: status.realName });
    },
  });
}
