/** Uptime in whole days, hours and minutes. */
export function uptimeParts(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
  };
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes in Bytes, KB, MB or GB (1024 steps), with two decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  return `${(bytes / 1024 ** unit).toFixed(2)} ${BYTE_UNITS[unit]}`;
}
