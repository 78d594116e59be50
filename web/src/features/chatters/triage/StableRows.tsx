import type { ChatterDto } from '@greetboard/contracts/wire';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import type { Greeter } from '../settling-rows';
import type { RowHoldState } from './use-row-hold';
import './triage.css';

/**
 * Around a chatter list: holds its rows still while the pointer is over it or the keyboard
 * focus is in it, and offers the held updates in a quiet control over the list's top, which
 * takes no room of its own, so showing it moves no row (ADR 0052).
 */
export function StableRows({ hold, children }: { hold: RowHoldState; children: ReactNode }) {
  const { t } = useTranslation('triage');
  return (
    <div className="stable-rows" data-held={hold.held || undefined} {...hold.handlers}>
      {hold.updates > 0 && (
        <button
          type="button"
          className="held-updates"
          title={t('triage:updatesHint')}
          onClick={hold.apply}
        >
          {t('triage:updates', { count: hold.updates })}
        </button>
      )}
      {children}
    </div>
  );
}

/** "Greeted by {name}" with the greeter's avatar, on a row greeted on another screen. */
export function GreetedElsewhereMark({ by }: { by: Greeter | null }) {
  const { t } = useTranslation('triage');
  return (
    <span className="greeted-elsewhere" data-testid="greeted-elsewhere" role="status">
      {by && <Avatar src={by.profileImage} displayName={by.displayName} size={18} />}
      <span>{t('triage:greetedElsewhere', { name: by?.displayName ?? '?' })}</span>
    </span>
  );
}

type RowMarks = (chatter: ChatterDto) => ReactElement | null;

/** `marks` and, on the rows greeted elsewhere a moment ago, who greeted them. */
export function withGreeter(
  marks: RowMarks,
  elsewhere: ReadonlyMap<string, Greeter | null>,
): RowMarks {
  if (elsewhere.size === 0) return marks;
  return (chatter) =>
    elsewhere.has(chatter.id) ? (
      <>
        {marks(chatter)}
        <GreetedElsewhereMark by={elsewhere.get(chatter.id) ?? null} />
      </>
    ) : (
      marks(chatter)
    );
}
