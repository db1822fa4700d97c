import { useQuery } from '@tanstack/react-query';
import { DownloadList, DownloadPath } from '@tp/contract';
import { api } from './client';

export const downloadKeys = { list: () => ['download', 'list'] as const };

export function useDownloads() {
  return useQuery({ queryKey: downloadKeys.list(), queryFn: ({ signal }) => api.post(DownloadPath.list, {}, DownloadList, { signal }) });
}
