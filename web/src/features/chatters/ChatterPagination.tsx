import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination';
import { pageCount, pageRange, type PageSize } from '../../components/pagination';

interface ChatterPaginationProps {
  page: number;
  pageSize: PageSize;
  total: number;
  window: number;
  onPageChange: (page: number) => void;
}

/** A chatter list's pages, under a summary of the chatters shown. */
export function ChatterPagination({
  page,
  pageSize,
  total,
  window,
  onPageChange,
}: ChatterPaginationProps) {
  const { t } = useTranslation();
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <Pagination
      page={page}
      pages={pageCount(total, pageSize)}
      onPageChange={onPageChange}
      previousLabel={t('chatters.previous')}
      nextLabel={t('chatters.next')}
      layout={{
        kind: 'numbered',
        window,
        navigationLabel: t('chatters.pagination'),
        pageLabel: (item) => t('chatters.page', { page: item }),
      }}
    >
      <span className="pagination-summary">
        {t('chatters.showing', { from, to, count: total })}
      </span>
    </Pagination>
  );
}
