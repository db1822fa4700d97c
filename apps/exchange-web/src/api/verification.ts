import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  InvitationInfo,
  InvitationPath,
  InvitationRecordPage,
  PaymentPasswordPath,
  PaymentPasswordStatus,
  UploadPath,
  UploadedFile,
  VerificationPath,
  VerificationStatus,
  type BasicVerificationRequest,
  type ResetPaymentPasswordRequest,
  type SeniorVerificationRequest,
  type SetPaymentPasswordRequest,
  type UpdatePaymentPasswordRequest,
} from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { session } from '../session';
import { api, queryClient } from './client';

export const verificationKeys = {
  status: () => [...identityKeys.user(), 'verification'] as const,
  paymentPasswords: () => [...identityKeys.user(), 'paymentPasswords'] as const,
};

export function useVerificationStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: verificationKeys.status(),
    queryFn: ({ signal }) => api.post(VerificationPath.status, {}, VerificationStatus, { signal }),
    enabled: isLoggedIn,
  });
}

/** The session carries the verification states too (the spec's userCerStatus / highCerStatus). */
function keep(status: VerificationStatus) {
  queryClient.setQueryData(verificationKeys.status(), status);
  session.update({ userCerStatus: status.realName, highCerStatus: status.senior });
}

export function useBasicVerification() {
  return useMutation({
    mutationFn: (request: BasicVerificationRequest) => api.post(VerificationPath.basic, request, VerificationStatus),
    onSuccess: keep,
  });
}

export function useSeniorVerification() {
  return useMutation({
    mutationFn: (request: SeniorVerificationRequest) => api.post(VerificationPath.senior, request, VerificationStatus),
    onSuccess: keep,
  });
}

export const uploadImage = (file: Blob) => api.upload(UploadPath.image, file, UploadedFile);

export function usePaymentPasswordStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: verificationKeys.paymentPasswords(),
    queryFn: ({ signal }) => api.post(PaymentPasswordPath.status, {}, PaymentPasswordStatus, { signal }),
    enabled: isLoggedIn,
  });
}

const refreshPasswords = () => queryClient.invalidateQueries({ queryKey: verificationKeys.paymentPasswords() });

export function useSetFundPassword() {
  return useMutation({ mutationFn: (request: SetPaymentPasswordRequest) => api.post(PaymentPasswordPath.set, request), onSuccess: refreshPasswords });
}

export function useUpdateFundPassword() {
  return useMutation({ mutationFn: (request: UpdatePaymentPasswordRequest) => api.post(PaymentPasswordPath.update, request) });
}

export function useResetFundPassword() {
  return useMutation({ mutationFn: (request: ResetPaymentPasswordRequest) => api.post(PaymentPasswordPath.reset, request), onSuccess: refreshPasswords });
}

export function useInvitation() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: [...identityKeys.user(), 'invitation'],
    queryFn: ({ signal }) => api.post(InvitationPath.info, {}, InvitationInfo, { signal }),
    enabled: isLoggedIn,
  });
}

export function useInvitationRecords(page: number, size: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: [...identityKeys.user(), 'invitationRecords', page, size],
    queryFn: ({ signal }) => api.post(InvitationPath.records, { page, size }, InvitationRecordPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}
