/** A file size as an owner reads it: KB below a megabyte, MB with one decimal above (never "0 KB"). */
export const formatBytes = (bytes: number): string =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
