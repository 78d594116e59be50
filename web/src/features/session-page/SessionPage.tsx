import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { ArrowLeft, Pencil, Play, Square } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStoredBoolean } from '../../app/use-stored-boolean';
import { KeywordChips } from '../../components/KeywordChips';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { StatusPill } from '../../components/StatusPill';
import { useAuth } from '../auth/use-auth';
import { ChatConnectionBanner } from '../chat-connection/ChatConnectionBanner';
import { useChatterCounts } from '../chatters/chatters-api';
import { viewStats } from '../chatters/chatter-stats';
import { ChatterList } from '../chatters/ChatterList';
import { useChatterCard } from '../chatters/card/ChatterCard';
import { ShowModeratedSwitch } from '../chatters/ShowModeratedSwitch';
import {
  HIDE_GREETED_STORAGE_KEY,
  SHOW_MODERATED_STORAGE_KEY,
  useJustGreeted,
} from '../chatters/hide-greeted';
import { PageSizeSelect } from '../../components/Pagination';
import { ChatterPagination } from '../chatters/ChatterPagination';
import { KeyHelpDialog } from '../chatters/triage/KeyHelpDialog';
import { chatterMessage } from '../chatters/ChatMessage';
import { greetedMark } from '../chatters/triage/RowMarks';
import { badgesWithRaider, RaidBanner, useRaidKeyHelp } from '../raids/RaidBanner';
import { StableRows } from '../chatters/triage/StableRows';
import { TriageToolbar } from '../chatters/triage/TriageToolbar';
import { useDeskList } from '../chatters/triage/use-desk-list';
import { useServerDeskPage } from '../chatters/triage/use-desk-page';
import { SESSION_PAGE_WINDOW } from '../../components/pagination';
import { RelativeTime } from '../i18n/RelativeTime';
import { useLiveRoom } from '../live/use-live-room';
import { PresenceAvatars } from '../presence/PresenceAvatars';
import { StreamStatusBanner } from '../stream-status/StreamStatusBanner';
import { parseKeywords } from '../sessions/keywords';
import { RenameSessionForm, useRenaming } from '../sessions/RenameSessionForm';
import { useGetSessionsQuery } from '../sessions/sessions-api';
import { useSessionReplacedToasts } from '../sessions/use-session-replaced-toasts';
import { useSessionControls } from '../sessions/use-session-controls';
import './session-page.css';
import { ExportLinks } from '../statistics/ExportLinks';
import { WelcomePanel } from '../welcome/WelcomePanel';

export default function SessionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sessions = useGetSessionsQuery();
  const session = sessions.data?.find((s) => s.id === id) ?? null;

  useEffect(() => {
    if (sessions.isError) toast.error(t('toast.loadSessionFailed'), { id: 'load-session' });
  }, [sessions.isError, t]);
  useLiveRoom(session?.id);
  useSessionReplacedToasts();
  const texts = useTranslation('sessionPage');

  if (sessions.isLoading || !texts.ready) return <Spinner />;
  if (!session) {
    return (
      <div className="page">
        <div className="card not-found">
          <h1>{t('sessionPage:notFound')}</h1>
          <p>{t('sessionPage:notFoundText')}</p>
          <Link to="/dashboard" className="button button-secondary">
            <ArrowLeft aria-hidden size={16} />
            {t('common.backToDashboard')}
          </Link>
        </div>
      </div>
    );
  }
  return <SessionDetails session={session} />;
}

function SessionDetails({ session }: { session: SessionDto }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const controls = useSessionControls(user?.username);
  const chatters = useChatterCounts(session.id);
  const stats = viewStats(chatters.data);
  const isOwner = user?.id === session.userId;
  const rename = useRenaming();

  useEffect(() => {
    if (chatters.isError) toast.error(t('toast.fetchChattersFailed'), { id: 'fetch-chatters' });
  }, [chatters.isError, t]);

  return (
    <div className="page">
      <header className="session-header">
        <Link to="/dashboard" className="icon-button" aria-label={t('common.backToDashboard')}>
          <ArrowLeft aria-hidden size={20} />
        </Link>
        <div className="session-heading">
          {rename.renaming ? (
            <RenameSessionForm session={session} onDone={rename.close} className="session-rename" />
          ) : (
            <h1>{session.name}</h1>
          )}
          <p className="page-description">
            {!isOwner && session.user?.username && (
              <span>
                {t('settings.sessionOwner', { username: session.user.username })}
                {' · '}
              </span>
            )}
            <RelativeTime
              iso={session.createdAt}
              wrap={(time) => t('sessions.created', { time })}
            />
          </p>
        </div>
        <PresenceAvatars sessionId={session.id} />
        <StatusPill active={session.isActive} />
        {isOwner && !rename.renaming && (
          <button
            ref={rename.buttonRef}
            type="button"
            className="button button-secondary"
            onClick={rename.open}
            aria-label={t('sessions.renameNamed', { name: session.name })}
          >
            <Pencil aria-hidden size={16} />
            {t('sessions.rename')}
          </button>
        )}
        {isOwner &&
          (session.isActive ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void controls.stop(session)}
            >
              <Square aria-hidden size={16} />
              {t('sessions.stop')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void controls.start(session)}
            >
              <Play aria-hidden size={16} />
              {t('sessions.start')}
            </button>
          ))}
      </header>
      <StreamStatusBanner session={session} />
      <ChatConnectionBanner session={session} />
      <KeywordChips keywords={parseKeywords(session.keywords)} />
      <ExportLinks sessionId={session.id} />
      {!isOwner && <p className="note">{t('sessions.ownerOnly')}</p>}
      <div className="stat-grid" aria-label={t('sessionPage:stats')} role="group">
        <StatCard label={t('sessionPage:totalChatters')} value={stats.total} />
        <StatCard label={t('sessionPage:greeted')} value={stats.greeted} />
        <StatCard label={t('sessionPage:pending')} value={stats.pending} />
        <StatCard label={t('sessionPage:progress')} value={`${stats.greetedPercentage}%`} />
      </div>
      <PeopleToGreet session={session} pending={stats.pending} />
      <WelcomePanel sessionId={session.id} isOwner={isOwner} />
    </div>
  );
}

const NO_CHATTERS: ChatterDto[] = [];

function PeopleToGreet({ session, pending }: { session: SessionDto; pending: number }) {
  const { t, ready } = useTranslation('triage');
  const raidTexts = useTranslation('raids');
  const raidKeys = useRaidKeyHelp();
  const [hideGreeted, setHideGreeted] = useStoredBoolean(HIDE_GREETED_STORAGE_KEY, false);
  const [justGreeted, markGreeted] = useJustGreeted();
  const [showModerated, setShowModerated] = useStoredBoolean(SHOW_MODERATED_STORAGE_KEY, false);
  const desk = useDeskList(NO_CHATTERS, justGreeted);
  const page = useServerDeskPage(
    session.id,
    desk,
    { hideGreeted, hideModerated: !showModerated },
    justGreeted,
    markGreeted,
  );
  const card = useChatterCard(session, page.rows);
  const total = page.view?.total ?? 0;

  if (!ready || !raidTexts.ready) return <Spinner />;
  return (
    <section className="card" aria-labelledby="people-heading">
      <div className="card-header wrap">
        <h2 id="people-heading" className="card-title">
          {t('sessionPage.peopleToGreet', { count: pending })}
        </h2>
        <div className="toolbar">
          <label className="switch-label">
            <Switch.Root
              className="switch"
              checked={hideGreeted}
              onCheckedChange={(checked) => {
                setHideGreeted(checked);
                page.setPage(1);
              }}
            >
              <Switch.Thumb className="switch-thumb" />
            </Switch.Root>
            {t('sessionPage.hideGreeted')}
          </label>
          <ShowModeratedSwitch
            checked={showModerated}
            onChange={(checked) => {
              setShowModerated(checked);
              page.setPage(1);
            }}
          />
          <PageSizeSelect value={page.pageSize} onChange={page.setPageSize} />
        </div>
      </div>
      <RaidBanner sessionId={session.id} />
      {total > 0 && <TriageToolbar desk={desk} page={page} total={total} matching={page.total} />}
      {page.isLoading ? (
        <Spinner />
      ) : total === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{t('sessionPage:noChatters')}</p>
          <p className="empty-hint">
            {session.isActive ? t('sessionPage:waiting') : t('sessionPage:startHint')}
          </p>
        </div>
      ) : page.total === 0 && (!hideGreeted || desk.search !== '') ? (
        <p className="empty-state">{t('triage:noMatches', { query: desk.search })}</p>
      ) : page.total === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{t('sessionPage:allHidden')}</p>
          <p className="empty-hint">{t('sessionPage:allHiddenHint')}</p>
        </div>
      ) : (
        <>
          <StableRows hold={page.hold}>
            <ChatterList
              ref={page.listRef}
              sessionId={session.id}
              chatters={page.rows}
              variant="detailed"
              onGreeted={markGreeted}
              marks={greetedMark}
              badges={badgesWithRaider}
              claim={page.claimMark}
              message={chatterMessage}
              onOpenCard={card.open}
            />
          </StableRows>
          <ChatterPagination
            page={page.shownPage}
            pageSize={page.shownPageSize}
            total={page.total}
            window={SESSION_PAGE_WINDOW}
            onPageChange={page.setPage}
          />
        </>
      )}
      {card.element}
      <KeyHelpDialog
        open={page.triage.helpOpen}
        onOpenChange={page.triage.setHelpOpen}
        moreKeys={raidKeys}
      />
    </section>
  );
}
