import type { SessionDto } from '@greetboard/contracts/wire';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { StatusPill } from '../../components/StatusPill';
import { useGetChattersQuery } from '../chatters/chatters-api';
import { ChatterList } from '../chatters/ChatterList';
import { PageSizeSelect, Pagination } from '../chatters/Pagination';
import {
  clampPage,
  DASHBOARD_PAGE_WINDOW,
  DEFAULT_PAGE_SIZE,
  type PageSize,
} from '../chatters/pagination';
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
  const { t } = useTranslation();
  const { data: chatters = [], isLoading, isError } = useGetChattersQuery(session.id);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (isError) toast.error(t('toast.fetchChattersFailed'), { id: 'fetch-chatters' });
  }, [isError, t]);
  useEffect(() => setPage(1), [session.id]);

  if (isLoading) return <Spinner />;
  if (chatters.length === 0) return <p className="empty-state">{t('dashboard.noChatters')}</p>;

  const current = clampPage(page, chatters.length, pageSize);
  const visible = chatters.slice((current - 1) * pageSize, current * pageSize);
  return (
    <>
      <div className="list-toolbar">
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </div>
      <ChatterList sessionId={session.id} chatters={visible} variant="list" />
      <Pagination
        page={current}
        pageSize={pageSize}
        total={chatters.length}
        window={DASHBOARD_PAGE_WINDOW}
        onPageChange={setPage}
      />
    </>
  );
}
