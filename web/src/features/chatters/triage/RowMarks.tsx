import type { ChatterDto } from '@greetboard/contracts/wire';
import { useTranslation } from 'react-i18next';

/** A greeted chatter's check mark before the name (its text, 'Greeted', for screen readers). */
export function GreetedMark({ chatter }: { chatter: ChatterDto }) {
  const { t } = useTranslation();
  if (!chatter.isGreeted) return null;
  return (
    <span className="greeted-mark" role="img" aria-label={t('triage.greeted')}>
      ✓
    </span>
  );
}

/** 'First-time chatter' (Twitch's first-msg) or 'Returning chatter' pills after the name. */
export function ChatterBadges({ chatter }: { chatter: ChatterDto }) {
  const { t } = useTranslation();
  return (
    <>
      {chatter.isFirstTimeChatter && (
        <span className="chatter-badge badge-first-time">{t('triage.firstTime')}</span>
      )}
      {chatter.isReturningChatter && (
        <span className="chatter-badge badge-returning">{t('triage.returning')}</span>
      )}
    </>
  );
}

export const greetedMark = (chatter: ChatterDto) => <GreetedMark chatter={chatter} />;
export const chatterBadges = (chatter: ChatterDto) => <ChatterBadges chatter={chatter} />;
