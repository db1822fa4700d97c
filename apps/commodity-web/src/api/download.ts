import { useQuery } from '@tanstack/react-query';
import { DownloadList, DownloadPath } from '@tp/contract';
import { api } from './client';

export const downloadKeys = { list: () => ['download', 'list'] as const };

export function useDownloads() {
  return useQuery({ queryKey: downloadKeys.list(), queryFn: ({ signal }) => api.post(DownloadPath.list, {}, DownloadList, { signal }) });
}

const MIB = 1024 * 1024;

/** Sizes read in KB below 1 MiB and in MB from there (the spec's switch point). */
export function fileSize(bytes: number): string {
  return bytes < MIB ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / MIB).toFixed(2)} MB`;
}
