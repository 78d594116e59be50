import { formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from './i18n';

const TICK_MS = 30_000;

export function formatRelative(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDistanceToNow(date, { addSuffix: true, locale: dateLocaleFor(language) });
}

/** "3 minutes ago" in the current language, refreshed every 30 seconds. */
export function RelativeTime({ iso, wrap }: { iso: string; wrap?: (relative: string) => string }) {
  const { i18n } = useTranslation();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {wrap ? wrap(formatRelative(iso, i18n.language)) : formatRelative(iso, i18n.language)}
    </time>
  );
}
