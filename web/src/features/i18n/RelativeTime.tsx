import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TICK_MS = 30_000;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * The largest unit a distance rounds to, from the smallest up; the thresholds round up the
 * way a person does ("45 minutes" is "1 hour"), as the relative times always have.
 */
const UNITS: readonly { below: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { below: 45 * MINUTE, unit: 'minute', size: MINUTE },
  { below: 22 * HOUR, unit: 'hour', size: HOUR },
  { below: 26 * DAY, unit: 'day', size: DAY },
  { below: 320 * DAY, unit: 'month', size: MONTH },
];
const YEARS = { below: Infinity, unit: 'year', size: YEAR } as const;

const formatters = new Map<string, Intl.RelativeTimeFormat>();
/** "5 minutes ago"; with `numeric: 'auto'` only for "now", so a day ago stays "1 day ago". */
function formatter(language: string, numeric: 'always' | 'auto') {
  const key = `${language}/${numeric}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric });
    formatters.set(key, format);
  }
  return format;
}

export function formatRelative(iso: string, language: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const distance = time - now;
  const length = Math.abs(distance);
  // Under a minute the 30-second tick would show stale seconds: say "now" instead.
  if (length < 45 * SECOND) return formatter(language, 'auto').format(0, 'second');
  const { unit, size } = UNITS.find(({ below }) => length < below) ?? YEARS;
  return formatter(language, 'always').format(Math.round(distance / size), unit);
}

const titleFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

/** "3 minutes ago" in the current language, refreshed every 30 seconds. */
export function RelativeTime({ iso, wrap }: { iso: string; wrap?: (relative: string) => string }) {
  const { i18n } = useTranslation();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const relative = formatRelative(iso, i18n.language);
  const date = new Date(iso);
  return (
    <time
      dateTime={iso}
      title={Number.isNaN(date.getTime()) ? undefined : titleFormat(i18n.language).format(date)}
    >
      {wrap ? wrap(relative) : relative}
    </time>
  );
}
