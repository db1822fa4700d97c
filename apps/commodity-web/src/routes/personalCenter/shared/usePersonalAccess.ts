import { useMemo } from 'react';
import { useSession } from '@tp/web-kit';
import { useFirmRights } from '../../../api/identity';
import { mayOpen, visiblePages, type PersonalPage, type Viewer } from '../layout/access';

/** The viewer's firm type and rights (the load-rights call, type 3), and what they open. */
export function usePersonalAccess() {
  const { session } = useSession();
  const rights = useFirmRights();
  const viewer: Viewer | null = useMemo(
    () => (rights.data ? { userType: session?.userType ?? 'personal', rights: new Set(rights.data.map((r) => r.rightCode)) } : null),
    [rights.data, session?.userType],
  );
  return {
    viewer,
    isPending: rights.isPending,
    isError: rights.isError,
    retry: () => void rights.refetch(),
    pages: viewer ? visiblePages(viewer) : [],
    may: (page: PersonalPage) => (viewer ? mayOpen(page, viewer) : false),
    has: (rightCode: string) => viewer?.rights.has(rightCode) ?? false,
  };
}
