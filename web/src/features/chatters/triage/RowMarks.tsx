import type { ChatterDto } from '@greetboard/contracts/wire';
import { useTranslation } from 'react-i18next';

/** A greeted chatter's check mark before the name (its text, 'Greeted', for screen readers). */
export function GreetedMark({ chatter }: { chatter: ChatterDto }) {
  const { t } = useTranslation();
  if (!chatter.isGreeted) return null;
  return (
    <span className="greeted-mark" role="img" aria-label={t('triage:greeted')}>
      ✓
    </span>
  );
}

export const greetedMark = (chatter: ChatterDto) => <GreetedMark chatter={chatter} />;
// The badges after the name live with the chatter row's other parts (ADR 0033).
export { chatterBadges } from '../badges/ChatterBadges';
