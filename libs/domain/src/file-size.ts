const fileSizeUnits = ['Bytes', 'KB', 'MB', 'GB'] as const;
const kibibyte = 1024;
const gibibyte = kibibyte ** 3;

function isByteCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** A byte count in Bytes, KB, MB or GB with up to two decimals (1536 -> '1.5 KB'); 'N/A' if unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!isByteCount(bytes)) return 'N/A';
  if (bytes < kibibyte) return `${bytes} Bytes`;
  const unitIndex = Math.min(
    fileSizeUnits.length - 1,
    Math.floor(Math.log(bytes) / Math.log(kibibyte)),
  );
  const value = bytes / kibibyte ** unitIndex;
  // parseFloat drops trailing zeros: '1.50' reads '1.5', '2.00' reads '2'.
  return `${parseFloat(value.toFixed(2))} ${fileSizeUnits[unitIndex]}`;
}

/** Memory and storage of a crash report in GB with one decimal ('3.5 GB'); 'N/A' if unknown. */
export function formatBytesAsGb(bytes: number | null | undefined): string {
  if (!isByteCount(bytes)) return 'N/A';
  return `${(bytes / gibibyte).toFixed(1)} GB`;
}
