import type { ChatterDto, RaidDto } from '@greetboard/contracts/wire';
import { Swords } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { isDeskKeyPress } from '../chatters/triage/triage-keys';
import type { KeyHelp } from '../chatters/triage/KeyHelpDialog';
import { ChatterBadges } from '../chatters/badges/ChatterBadges';
import { RaidGreetDialog } from './RaidGreetDialog';
import { useGetRaidsQuery, useGreetRaidersMutation, useUngreetRaidersMutation } from './raids-api';
import './raids.css';

/** What the last 'greet all raiders' greeted, for its undo. */
interface GroupGreet {
  raidId: string;
  chatterIds: string[];
}

/** The keys of the raid banner, for the desk's keyboard help (texts: `raids.*`). */
export function useRaidKeyHelp(): KeyHelp {
  const { t } = useTranslation();
  return [
    [['r'], t('raids:keyGreetAll')],
    [['Shift', 'R'], t('raids:keyUndoAll')],
  ];
}

/**
 * The newest raid of the session (ADR 0032): who raids with how many viewers, 'Greet all
 * raiders (n)' for its raiders not greeted yet, and the undo of that, by button or by key
 * (r, Shift+R) anywhere on the desk. 'Greet all raiders' first shows whom it will greet and
 * greets those only (ADR 0053). Counts come with the raid and follow every greet live (the
 * raids API keeps them). Shows nothing before the session's first raid.
 */
export function RaidBanner({ sessionId }: { sessionId: string }) {
  const { data: raids } = useGetRaidsQuery(sessionId);
  const raid = raids?.[0];
  if (!raid) return null;
  return <RaidBannerOf key={raid.id} raid={raid} />;
}

function RaidBannerOf({ raid }: { raid: RaidDto }) {
  const { t } = useTranslation();
  const [greetRaiders, greeting] = useGreetRaidersMutation();
  const [ungreetRaiders, undoing] = useUngreetRaidersMutation();
  const [last, setLast] = useState<GroupGreet | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const busy = greeting.isLoading || undoing.isLoading;
  const pending = Math.max(0, raid.raiderCount - raid.greetedCount);
  const input = useMemo(() => ({ sessionId: raid.sessionId, raidId: raid.id }), [raid]);

  const askToGreetAll = useCallback(() => {
    if (!busy && pending > 0) setConfirming(true);
  }, [busy, pending]);

  const greetShown = async (shown: ChatterDto[]) => {
    try {
      const chatterIds = shown.map((chatter) => chatter.id);
      const { chatters: greeted } = await greetRaiders({ ...input, chatterIds }).unwrap();
      setLast({ raidId: raid.id, chatterIds: greeted.map((chatter) => chatter.id) });
      setStatus(t('raids:greeted', { count: greeted.length }));
    } catch {
      toast.error(t('raids:failed'));
    } finally {
      setConfirming(false);
    }
  };

  const undo = useCallback(async () => {
    if (busy || !last) return;
    try {
      const { chatters: undone } = await ungreetRaiders({
        ...input,
        chatterIds: last.chatterIds,
      }).unwrap();
      setLast(null);
      setStatus(t('raids:undone', { count: undone.length }));
    } catch {
      toast.error(t('raids:failed'));
    }
  }, [busy, last, ungreetRaiders, input, t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isDeskKeyPress(event)) return;
      if (event.key === 'r' && !event.shiftKey) askToGreetAll();
      else if (event.key === 'R' && event.shiftKey) void undo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [askToGreetAll, undo]);

  return (
    <section className="raid-banner" aria-label={t('raids:region')}>
      <Swords className="raid-banner-icon" aria-hidden size={22} />
      <p className="raid-banner-text" aria-live="polite">
        {t('raids:banner', { raider: raid.raiderDisplayName, count: raid.viewerCount })}
      </p>
      <div className="raid-banner-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={askToGreetAll}
          disabled={busy || pending === 0}
          aria-keyshortcuts="r"
          aria-haspopup="dialog"
        >
          {t('raids:greetAll', { count: pending })}
        </button>
        {last && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void undo()}
            disabled={busy}
            aria-keyshortcuts="Shift+R"
          >
            {t('raids:undo')}
          </button>
        )}
      </div>
      <p className="raid-banner-status" role="status">
        {status}
      </p>
      {confirming && (
        <RaidGreetDialog
          raid={raid}
          busy={busy}
          onGreet={(shown) => void greetShown(shown)}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** The 'Raider' pill of a chatter who arrived with a raid: an icon and a word, not a colour. */
export function RaiderBadge({ chatter }: { chatter: ChatterDto }) {
  const { t } = useTranslation();
  if (!chatter.raidId) return null;
  return (
    <span className="chatter-badge badge-raider">
      <Swords aria-hidden size={11} />
      {t('raids:raider')}
    </span>
  );
}

/** The desk's row badges with the 'Raider' pill after them. */
export const badgesWithRaider = (chatter: ChatterDto) => (
  <>
    <ChatterBadges chatter={chatter} />
    <RaiderBadge chatter={chatter} />
  </>
);
