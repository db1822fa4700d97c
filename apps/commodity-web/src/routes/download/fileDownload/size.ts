const MIB = 1024 * 1024;

/** Sizes read in KB below 1 MiB and in MB from there (the spec's switch point). */
export function fileSize(bytes: number): string {
  return bytes < MIB ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / MIB).toFixed(2)} MB`;
}
