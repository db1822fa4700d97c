import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  BankList,
  CapitalInfo,
  CapitalPath,
  IcbcInfo,
  LedgerFlowPage,
  PaymentPasswordPath,
  PaymentPasswordStatus,
  SignRecord,
  SignRecordList,
  TransferPage,
  TransferRecord,
  WsTopic,
  type BankAccountFields,
  type BankChannelId,
  type CapitalFlowRequest,
  type FundDealflag,
  type IcbcDocumentRequest,
  type ResetPaymentPasswordRequest,
  type SetPaymentPasswordRequest,
  type TransfersRequest,
  type UpdatePaymentPasswordRequest,
} from '@tp/contract';
import { useLiveTopic, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

/** While a bank operation is pending the pages poll too, in case the live connection is down. */
export const PENDING_POLL_MS = 3_000;

export const capitalKeys = {
  all: ['capital'] as const,
  bankList: () => [...capitalKeys.all, 'bankList'] as const,
  allBankList: () => [...capitalKeys.all, 'allBankList'] as const,
  info: () => [...capitalKeys.all, 'info'] as const,
  icbcInfo: () => [...capitalKeys.all, 'icbcInfo'] as const,
  signs: (bankId?: string) => [...capitalKeys.all, 'signs', bankId ?? 'all'] as const,
  icbcSigns: () => [...capitalKeys.all, 'icbcSigns'] as const,
  transfers: (query: Partial<TransfersRequest>) => [...capitalKeys.all, 'transfers', query] as const,
  flow: (query: Partial<CapitalFlowRequest>) => [...capitalKeys.all, 'flow', query] as const,
  passwords: () => [...capitalKeys.all, 'passwords'] as const,
};

const refreshCapital = () => queryClient.invalidateQueries({ queryKey: capitalKeys.all });

export function useBankList() {
  return useQuery({ queryKey: capitalKeys.bankList(), queryFn: ({ signal }) => api.post(CapitalPath.bankList, {}, BankList, { signal }), staleTime: 600_000 });
}

export function useAllBankList() {
  return useQuery({ queryKey: capitalKeys.allBankList(), queryFn: ({ signal }) => api.post(CapitalPath.allBankList, {}, BankList, { signal }), staleTime: 600_000 });
}

export function useCapitalInfo() {
  return useQuery({
    queryKey: capitalKeys.info(),
    queryFn: ({ signal }) => api.post(CapitalPath.info, {}, CapitalInfo, { signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.paying.length > 0 || query.state.data.signs.some((s) => s.status === '3')) ? PENDING_POLL_MS : false),
  });
}

export function useIcbcInfo() {
  return useQuery({
    queryKey: capitalKeys.icbcInfo(),
    queryFn: ({ signal }) => api.post(CapitalPath.icbcInfo, {}, IcbcInfo, { signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.sign?.status === '3' || query.state.data.payments.some((p) => p.status === '0')) ? PENDING_POLL_MS : false),
  });
}

const anyPendingSign = (signs: SignRecord[] | undefined) => (signs?.some((s) => s.status === '3') ? PENDING_POLL_MS : false);

export function useSignList(bankId?: BankChannelId) {
  return useQuery({
    queryKey: capitalKeys.signs(bankId),
    queryFn: ({ signal }) => api.post(CapitalPath.signList, bankId ? { bankId } : {}, SignRecordList, { signal }),
    refetchInterval: (query) => anyPendingSign(query.state.data),
  });
}

export function useIcbcSignList() {
  return useQuery({
    queryKey: capitalKeys.icbcSigns(),
    queryFn: ({ signal }) => api.post(CapitalPath.icbcSignList, {}, SignRecordList, { signal }),
    refetchInterval: (query) => anyPendingSign(query.state.data),
  });
}

export function useTransfers(query: Partial<TransfersRequest>) {
  return useQuery({
    queryKey: capitalKeys.transfers(query),
    queryFn: ({ signal }) => api.post(CapitalPath.transfers, query, TransferPage, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.content.some((t) => t.status === '0') ? PENDING_POLL_MS : false),
  });
}

export function useCapitalFlow(query: Partial<CapitalFlowRequest> & Pick<CapitalFlowRequest, 'kind' | 'mode'>) {
  return useQuery({
    queryKey: capitalKeys.flow(query),
    queryFn: ({ signal }) => api.post(CapitalPath.flow, query, LedgerFlowPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSign() {
  return useMutation({ mutationFn: (body: BankAccountFields & { bankId: BankChannelId }) => api.post(CapitalPath.sign, body, SignRecord), onSettled: refreshCapital });
}

export function useModifySign() {
  return useMutation({ mutationFn: (body: BankAccountFields & { infoId: string }) => api.post(CapitalPath.modifySign, body, SignRecord), onSettled: refreshCapital });
}

export function useSignOut() {
  return useMutation({ mutationFn: (infoId: string) => api.post(CapitalPath.signOut, { infoId }, SignRecord), onSettled: refreshCapital });
}

export function useIcbcDocument() {
  return useMutation({ mutationFn: (body: IcbcDocumentRequest) => api.post(CapitalPath.icbcDocument, body, SignRecord), onSettled: refreshCapital });
}

export interface MoveRequest {
  bankId: BankChannelId;
  fundDealflag: FundDealflag;
  amount: string;
  pwd: string;
  requestId: string;
}

/** Fund in / fund out; the ICBC channel goes through its own recharge/withdraw call (payChannel 1). */
export function useMoveFunds() {
  return useMutation({
    mutationFn: (request: MoveRequest) =>
      request.bankId === 'icbc'
        ? api.post(CapitalPath.icbcPay, { payAmount: request.amount, fundDealflag: request.fundDealflag, payChannel: '1', pwd: request.pwd, requestId: request.requestId }, TransferRecord)
        : api.post(request.fundDealflag === '1' ? CapitalPath.fundIn : CapitalPath.fundOut, { bankId: request.bankId, amount: request.amount, pwd: request.pwd, requestId: request.requestId }, TransferRecord),
    onSettled: refreshCapital,
  });
}

export function useRetryPay() {
  return useMutation({ mutationFn: (body: { id: string; pwd: string }) => api.post(CapitalPath.icbcRetryPay, body, TransferRecord), onSettled: refreshCapital });
}

export function usePaymentPasswords() {
  return useQuery({ queryKey: capitalKeys.passwords(), queryFn: ({ signal }) => api.post(PaymentPasswordPath.status, {}, PaymentPasswordStatus, { signal }) });
}

const refreshPasswords = () => queryClient.invalidateQueries({ queryKey: capitalKeys.passwords() });

export function useSetPaymentPassword() {
  return useMutation({ mutationFn: (body: SetPaymentPasswordRequest) => api.post(PaymentPasswordPath.set, body), onSuccess: refreshPasswords });
}

export function useUpdatePaymentPassword() {
  return useMutation({ mutationFn: (body: UpdatePaymentPasswordRequest) => api.post(PaymentPasswordPath.update, body), onSuccess: refreshPasswords });
}

export function useResetPaymentPassword() {
  return useMutation({ mutationFn: (body: ResetPaymentPasswordRequest) => api.post(PaymentPasswordPath.reset, body), onSuccess: refreshPasswords });
}

/** Bank answers arrive on the firm's live topic: each refreshes what the capital pages show. */
export function useCapitalLive(): void {
  const { session } = useSession();
  useLiveTopic(session?.firmId ? WsTopic.firm(session.firmId) : undefined, (push) => {
    if (push.type === 'bank') void refreshCapital();
  }, () => void refreshCapital());
}
