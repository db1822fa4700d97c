import type { ReactNode } from 'react';

/**
 * Whether a page needing any one of `anyOf` opens for someone holding the rights `has` answers
 * for; a page that names no right opens for every logged-in user.
 */
export function mayOpen(anyOf: readonly string[], has: (rightCode: string) => boolean): boolean {
  return anyOf.length === 0 || anyOf.some((code) => has(code));
}

export interface RightGateProps {
  /** Any one of these rights opens the page. */
  anyOf: readonly string[];
  has: (rightCode: string) => boolean;
  /** The rights are still being read and none are known yet. */
  pending: boolean;
  /** Reading the rights failed and none are known. */
  failed: boolean;
  loading: ReactNode;
  loadFailed: ReactNode;
  forbidden: ReactNode;
  children: ReactNode;
}

/**
 * Renders a page only for those whose rights open it, and the app's "no access" page for the
 * rest. The page is never mounted otherwise, so it makes none of the calls the server would
 * refuse with 403.
 */
export function RightGate({ anyOf, has, pending, failed, loading, loadFailed, forbidden, children }: RightGateProps) {
  if (anyOf.length > 0 && pending) return <>{loading}</>;
  if (anyOf.length > 0 && failed) return <>{loadFailed}</>;
  return <>{mayOpen(anyOf, has) ? children : forbidden}</>;
}
