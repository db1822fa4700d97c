import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AddressBookEntry,
  DepositAddress,
  DepositPage,
  WalletPath,
  WalletSettings,
  WithdrawPreview,
  WithdrawalPage,
  WithdrawalRecord,
  WsTopic,
  type WalletSettingsSave,
  type WithdrawRequest,
} from '@tp/contract';
import { identityKeys, useLiveTopic, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';
import { assetKeys } from './assets';

export const walletKeys = {
  all: () => [...identityKeys.user(), 'wallet'] as const,
  address: (asset: string) => [...walletKeys.all(), 'address', asset] as const,
  deposits: (request: object) => [...walletKeys.all(), 'deposits', request] as const,
  withdrawals: (request: object) => [...walletKeys.all(), 'withdrawals', request] as const,
  preview: (asset: string, amount: string) => [...walletKeys.all(), 'preview', asset, amount] as const,
  book: () => [...walletKeys.all(), 'book'] as const,
  settings: () => [...walletKeys.all(), 'settings'] as const,
};

/** Deposits confirming and withdrawals moving are pushed to the user's topic: refresh what shows them. */
export function useWalletLive() {
  const { session } = useSession();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.all() });
    void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
  };
  useLiveTopic(session ? WsTopic.user(session.userId) : undefined, (push) => push.type === 'wallet' && refresh(), refresh);
}

export function useDepositAddress(asset: string) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: walletKeys.address(asset),
    queryFn: ({ signal }) => api.post(WalletPath.depositAddress, { asset }, DepositAddress, { signal }),
    enabled: isLoggedIn && asset !== '',
  });
}

export function useDeposits(request: { asset?: string; page: number; size: number }) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: walletKeys.deposits(request),
    queryFn: ({ signal }) => api.post(WalletPath.deposits, request, DepositPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(request: { asset?: string; page: number; size: number }) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: walletKeys.withdrawals(request),
    queryFn: ({ signal }) => api.post(WalletPath.withdrawals, request, WithdrawalPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawPreview(asset: string, amount: string, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.preview(asset, amount),
    queryFn: ({ signal }) => api.post(WalletPath.withdrawPreview, { asset, amount }, WithdrawPreview, { signal }),
    enabled,
    retry: false,
  });
}

export function useWithdraw() {
  return useMutation({
    mutationFn: (request: WithdrawRequest) => api.post(WalletPath.withdraw, request, WithdrawalRecord),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all() });
      void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
    },
  });
}

export function useAddressBook() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: walletKeys.book(),
    queryFn: ({ signal }) => api.post(WalletPath.addressBook, {}, AddressBookEntry.array(), { signal }),
    enabled: isLoggedIn,
  });
}

export function useAddToBook() {
  return useMutation({
    mutationFn: (entry: { asset: string; label: string; address: string }) => api.post(WalletPath.addressBookAdd, entry, AddressBookEntry.array()),
    onSuccess: (book) => queryClient.setQueryData(walletKeys.book(), book),
  });
}

export function useRemoveFromBook() {
  return useMutation({
    mutationFn: (id: string) => api.post(WalletPath.addressBookDelete, { id }, AddressBookEntry.array()),
    onSuccess: (book) => queryClient.setQueryData(walletKeys.book(), book),
  });
}

/** Whether withdrawals go only to saved addresses (whitelist mode). */
export function useWalletSettings() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: walletKeys.settings(),
    queryFn: ({ signal }) => api.post(WalletPath.settings, {}, WalletSettings, { signal }),
    enabled: isLoggedIn,
  });
}

export function useSaveWalletSettings() {
  return useMutation({
    mutationFn: (request: WalletSettingsSave) => api.post(WalletPath.settingsSave, request, WalletSettings),
    onSuccess: (settings) => queryClient.setQueryData(walletKeys.settings(), settings),
  });
}
