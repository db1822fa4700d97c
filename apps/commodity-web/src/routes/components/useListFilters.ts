import { useState } from 'react';

/**
 * A list's filters and its page: a changed filter starts again from the first page, as does a
 * whole new set of filters (a filter form's search or reset).
 */
export function useListFilters<F extends object>(initial: F = {} as F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(0);
  const filter = (patch: Partial<F>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
  };
  const replace = (next: F) => {
    setFilters(next);
    setPage(0);
  };
  return { filters, page, setPage, filter, replace };
}
