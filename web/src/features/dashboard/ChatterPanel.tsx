import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { StatusPill } from '../../components/StatusPill';
import { chatterMessage } from '../chatters/ChatMessage';
import { ChatterList } from '../chatters/ChatterList';
import { useChatterCard } from '../chatters/card/ChatterCard';
import { SHOW_MODERATED_STORAGE_KEY, useJustGreeted } from '../chatters/hide-greeted';
import { useStoredBoolean } from '../../app/use-stored-boolean';
import { ShowModeratedSwitch } from '../chatters/ShowModeratedSwitch';
import { KeyHelpDialog } from '../chatters/triage/KeyHelpDialog';
import { greetedMark } from '../chatters/triage/RowMarks';
import { badgesWithRaider, RaidBanner, useRaidKeyHelp } from '../raids/RaidBanner';
import { StableRows } from '../chatters/triage/StableRows';
import { TriageToolbar } from '../chatters/triage/TriageToolbar';
import { useDeskList } from '../chatters/triage/use-desk-list';
import { useServerDeskPage } from '../chatters/triage/use-desk-page';
import { PageSizeSelect } from '../../components/Pagination';
import { ChatterPagination } from '../chatters/ChatterPagination';
import { DASHBOARD_PAGE_WINDOW } from '../../components/pagination';
import { PresenceAvatars } from '../presence/PresenceAvatars';
import { StreamStatusBanner } from '../stream-status/StreamStatusBanner';
import { Eye } from 'lucide-react';
import toast from 'react-hot-toast';

const NO_CHATTERS: ChatterDto[] = [];

export function ChatterPanel({ session }: { session: SessionDto | null }) {
  const { t } = useTranslation();
  return (
    <section className="card column" aria-labelledby="chatters-heading">
      <div className="card-header">
        <h2 id="chatters-heading" className="card-title">
          {session ? t('dashboard:chattersOf', { name: session.name }) : t('dashboard:chatters')}
        </h2>
        {session && <PresenceAvatars sessionId={session.id} />}
        {session && <StatusPill active={session.isActive} />}
      </div>
      {session && <StreamStatusBanner session={session} />}
      {session ? (
        <SessionChatters session={session} />
      ) : (
        <div className="empty-state">
          <Eye aria-hidden size={28} />
          <p className="empty-title">{t('dashboard:selectSession')}</p>
          <p className="empty-hint">{t('dashboard:selectHint')}</p>
        </div>
      )}
    </section>
  );
}

function SessionChatters({ session }: { session: SessionDto }) {
  const { t, ready } = useTranslation('triage');
  const raidTexts = useTranslation('raids');
  const raidKeys = useRaidKeyHelp();
  const [settling, markSettling] = useJustGreeted();
  const [showModerated, setShowModerated] = useStoredBoolean(SHOW_MODERATED_STORAGE_KEY, false);
  const desk = useDeskList(NO_CHATTERS, settling);
  const page = useServerDeskPage(
    session.id,
    desk,
    { hideGreeted: false, hideModerated: !showModerated },
    settling,
    markSettling,
  );
  const card = useChatterCard(session, page.rows);
  const { isLoading, isError } = page;
  const total = page.view?.total ?? 0;

  useEffect(() => {
    if (isError) toast.error(t('toast.fetchChattersFailed'), { id: 'fetch-chatters' });
  }, [isError, t]);

  if (isLoading || !ready || !raidTexts.ready) return <Spinner />;
  const banner = <RaidBanner sessionId={session.id} />;
  if (total === 0)
    return (
      <>
        {banner}
        <p className="empty-state">
          {session.isActive ? t('dashboard:noChattersActive') : t('dashboard:noChatters')}
        </p>
      </>
    );

  return (
    <>
      {banner}
      <TriageToolbar desk={desk} page={page} total={total} matching={page.total} />
      <div className="list-toolbar">
        <ShowModeratedSwitch
          checked={showModerated}
          onChange={(checked) => {
            setShowModerated(checked);
            page.setPage(1);
          }}
        />
        <PageSizeSelect value={page.pageSize} onChange={page.setPageSize} />
      </div>
      {page.total === 0 ? (
        <p className="empty-state">{t('triage:noMatches', { query: desk.search })}</p>
      ) : (
        <StableRows hold={page.hold}>
          <ChatterList
            ref={page.listRef}
            sessionId={session.id}
            chatters={page.rows}
            variant="list"
            onGreeted={markSettling}
            marks={greetedMark}
            badges={badgesWithRaider}
            claim={page.claimMark}
            message={chatterMessage}
            onOpenCard={card.open}
          />
        </StableRows>
      )}
      <ChatterPagination
        page={page.shownPage}
        pageSize={page.shownPageSize}
        total={page.total}
        window={DASHBOARD_PAGE_WINDOW}
        onPageChange={page.setPage}
      />
      {card.element}
      <KeyHelpDialog
        open={page.triage.helpOpen}
        onOpenChange={page.triage.setHelpOpen}
        moreKeys={raidKeys}
      />
    </>
  );
}
