import type { TFunction } from 'i18next';

/**
 * durations in hours and minutes (seconds under a minute), 'N/A' when there
 * is nothing to measure; whole-number percentages; dates and numbers in the reader's locale.
 */
export function formatDuration(seconds: number | null, t: TFunction): string {
  if (seconds === null) return t('statistics:notAvailable');
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return t('statistics:seconds', { count: whole });
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours === 0) return t('statistics:minutes', { count: minutes });
  if (minutes === 0) return t('statistics:hours', { count: hours });
  return t('statistics:hoursAndMinutes', {
    hours: t('statistics:hours', { count: hours }),
    minutes: t('statistics:minutes', { count: minutes }),
  });
}

export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A calendar day (`YYYY-MM-DD`, already in the viewer's zone), e.g. "Tue, Mar 31". */
export function formatDay(date: string, language: string, long = false): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** An hour of the day as the locale writes it, e.g. "8 PM" or "20 h". */
export function formatHour(hour: number, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', hour: 'numeric' }).format(
    new Date(Date.UTC(2026, 0, 1, hour)),
  );
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
