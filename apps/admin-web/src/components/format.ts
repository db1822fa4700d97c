/** A server time shown in the reader's locale; '' stays empty. */
export function formatTime(iso: string): string {
  return iso ? new Date(iso).toLocaleString() : '';
}
