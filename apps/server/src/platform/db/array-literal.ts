/**
 * A PostgreSQL array literal of text elements (`{"a","b",NULL}`), sent as one parameter and cast
 * in SQL (`$1::text[]::numeric[]`). Bulk writes pass one such parameter per column and unnest
 * them, so a statement costs the same to build and parse for any number of rows.
 */
export function textArray(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${items.join(',')}}`;
}
