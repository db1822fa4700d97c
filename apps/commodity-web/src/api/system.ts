import { useQuery } from '@tanstack/react-query';
import { SystemPath, SystemSwitches } from '@tp/contract';
import { api } from './client';

/** How often an open page re-reads the switches, so an upgrade starting or ending shows up. */
const SWITCHES_REFRESH_MS = 60_000;

export const systemKeys = {
  all: ['system'] as const,
  switches: () => [...systemKeys.all, 'switches'] as const,
};

export function useSystemSwitches() {
  return useQuery({
    queryKey: systemKeys.switches(),
    queryFn: ({ signal }) => api.get(SystemPath.switches, undefined, SystemSwitches, { signal }),
    refetchInterval: SWITCHES_REFRESH_MS,
  });
}
