import { useTranslation } from 'react-i18next';
import type { ChatterDto } from '@greetboard/contracts/wire';
import { chatterHistory } from './chatter-history';
import './badges.css';

/**
 * The pills after a chatter's name: Twitch's moderation (ADR 0041), Twitch's first-time and returning flags, and from the
 * streamer's own earlier sessions 'Back after N days' and 'Nth stream' (ADR 0033).
 */
export function ChatterBadges({ chatter }: { chatter: ChatterDto }) {
  const { t, i18n, ready } = useTranslation('badges');
  if (!ready) return null;
  const history = chatterHistory(chatter);
  const lastSeen =
    chatter.lastSeenBeforeAt &&
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
      new Date(chatter.lastSeenBeforeAt),
    );
  const timeoutEnd =
    chatter.timeoutEndsAt &&
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
      new Date(chatter.timeoutEndsAt),
    );
  return (
    <>
      {chatter.moderation === 'banned' && (
        <span className="chatter-badge badge-moderated">{t('badges:banned')}</span>
      )}
      {chatter.moderation === 'timed_out' && (
        <span
          className="chatter-badge badge-moderated"
          title={t('badges:timedOutTitle', { time: timeoutEnd })}
        >
          {t('badges:timedOut')}
        </span>
      )}
      {chatter.firstMessageDeleted && (
        <span className="chatter-badge badge-moderated">{t('badges:firstMessageDeleted')}</span>
      )}
      {chatter.isFirstTimeChatter && (
        <span className="chatter-badge badge-first-time">{t('badges:firstTime')}</span>
      )}
      {chatter.isReturningChatter && (
        <span className="chatter-badge badge-returning">{t('badges:returning')}</span>
      )}
      {history.backAfterDays !== null && (
        <span
          className="chatter-badge badge-back-after"
          title={t('badges:backAfterTitle', { date: lastSeen })}
        >
          {t('badges:backAfter', { count: history.backAfterDays })}
        </span>
      )}
      {history.streamNumber !== null && (
        <span
          className="chatter-badge badge-stream"
          title={t('badges:streamTitle', { count: history.streamNumber })}
        >
          {t(`badges:${streamOrdinalKey(i18n.language, history.streamNumber)}`, {
            n: history.streamNumber,
          })}
        </span>
      )}
    </>
  );
}

const ORDINAL_KEYS = {
  one: 'streamOrdinalOne',
  two: 'streamOrdinalTwo',
  few: 'streamOrdinalFew',
} as const;

/** '1st', '2nd', '3rd', 'nth' in English; one form in German and Spanish; two in French. */
export function streamOrdinalKey(language: string, count: number): string {
  const form = new Intl.PluralRules(language, { type: 'ordinal' }).select(count);
  return form in ORDINAL_KEYS
    ? ORDINAL_KEYS[form as keyof typeof ORDINAL_KEYS]
    : 'streamOrdinalOther';
}

export const chatterBadges = (chatter: ChatterDto) => <ChatterBadges chatter={chatter} />;
