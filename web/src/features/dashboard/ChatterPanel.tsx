import type { SessionDto } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { StatusPill } from '../../components/StatusPill';
import { useGetChattersQuery } from '../chatters/chatters-api';
import { ChatterList } from '../chatters/ChatterList';
import { useJustGreeted } from '../chatters/hide-greeted';
import { KeyHelpDialog } from '../chatters/triage/KeyHelpDialog';
import { greetedMark } from '../chatters/triage/RowMarks';
import { badgesWithRaider, RaidBanner, useRaidKeyHelp } from '../raids/RaidBanner';
import { useRaidTexts } from '../raids/raid-texts';
import { TriageToolbar } from '../chatters/triage/TriageToolbar';
import { useTriageTexts } from '../chatters/triage/triage-texts';
import { useDeskList } from '../chatters/triage/use-desk-list';
import { useTriage } from '../chatters/triage/use-triage';
import { PageSizeSelect, Pagination } from '../chatters/Pagination';
import {
  clampPage,
  DASHBOARD_PAGE_WINDOW,
  pageCount,
  DEFAULT_PAGE_SIZE,
  type PageSize,
} from '../chatters/pagination';
import { useClaimMarks } from '../presence/ClaimMark';
import { PresenceAvatars } from '../presence/PresenceAvatars';
import { useSoftClaim } from '../presence/use-soft-claim';
import { Eye } from 'lucide-react';
import toast from 'react-hot-toast';

export function ChatterPanel({ session }: { session: SessionDto | null }) {
  const { t } = useTranslation();
  return (
    <section className="card column" aria-labelledby="chatters-heading">
      <div className="card-header">
        <h2 id="chatters-heading" className="card-title">
          {session ? t('dashboard.chattersOf', { name: session.name }) : t('dashboard.chatters')}
        </h2>
        {session && <PresenceAvatars sessionId={session.id} />}
        {session && <StatusPill active={session.isActive} />}
      </div>
      {session ? (
        <SessionChatters session={session} />
      ) : (
        <div className="empty-state">
          <Eye aria-hidden size={28} />
          <p className="empty-title">{t('dashboard.selectSession')}</p>
          <p className="empty-hint">{t('dashboard.selectHint')}</p>
        </div>
      )}
    </section>
  );
}

function SessionChatters({ session }: { session: SessionDto }) {
  const { t, ready } = useTriageTexts();
  const raidTexts = useRaidTexts();
  const raidKeys = useRaidKeyHelp();
  const { data: chatters = [], isLoading, isError } = useGetChattersQuery(session.id);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [settling, markSettling] = useJustGreeted();
  const desk = useDeskList(chatters, settling);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const total = desk.matching.length;
  const current = clampPage(page, total, pageSize);
  const visible = desk.matching.slice((current - 1) * pageSize, current * pageSize);
  const turnPage = useCallback(
    (step: 1 | -1) => {
      const next = current + step;
      if (next < 1 || next > pageCount(total, pageSize)) return false;
      setPage(next);
      return true;
    },
    [current, total, pageSize],
  );
  const triage = useTriage({
    sessionId: session.id,
    rows: visible,
    listRef,
    searchRef,
    onGreeted: markSettling,
    turnPage,
  });
  useSoftClaim(session.id, visible, listRef);
  const claimMark = useClaimMarks(session.id);

  useEffect(() => {
    if (isError) toast.error(t('toast.fetchChattersFailed'), { id: 'fetch-chatters' });
  }, [isError, t]);
  useEffect(() => setPage(1), [session.id, desk.search, desk.order]);

  if (isLoading || !ready || !raidTexts.ready) return <Spinner />;
  const banner = <RaidBanner sessionId={session.id} chatters={chatters} />;
  if (chatters.length === 0)
    return (
      <>
        {banner}
        <p className="empty-state">{t('dashboard.noChatters')}</p>
      </>
    );

  return (
    <>
      {banner}
      <TriageToolbar
        order={desk.order}
        onOrderChange={desk.setOrder}
        query={desk.query}
        onQueryChange={desk.setQuery}
        searchRef={searchRef}
        matching={total}
        total={chatters.length}
        searching={desk.search !== ''}
        onHelp={() => triage.setHelpOpen(true)}
      />
      <div className="list-toolbar">
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </div>
      {total === 0 ? (
        <p className="empty-state">{t('triage.noMatches', { query: desk.search })}</p>
      ) : (
        <ChatterList
          ref={listRef}
          sessionId={session.id}
          chatters={visible}
          variant="list"
          onGreeted={markSettling}
          marks={greetedMark}
          badges={badgesWithRaider}
          claim={claimMark}
        />
      )}
      <Pagination
        page={current}
        pageSize={pageSize}
        total={total}
        window={DASHBOARD_PAGE_WINDOW}
        onPageChange={setPage}
      />
      <KeyHelpDialog open={triage.helpOpen} onOpenChange={triage.setHelpOpen} moreKeys={raidKeys} />
    </>
  );
}
