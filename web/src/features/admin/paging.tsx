import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizeSelect, Pagination } from '../../components/Pagination';
import { pageCount, type PageSize } from '../../components/pagination';

/** One page of a long admin list: large tables are paged, never rendered whole. */
export function usePage<T>(items: T[]) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const pages = pageCount(items.length, pageSize);
  const current = Math.min(page, Math.max(1, pages));
  const start = (current - 1) * pageSize;
  return {
    rows: items.slice(start, start + pageSize),
    controls:
      items.length === 0 ? null : (
        <Pagination
          page={current}
          pages={Math.max(1, pages)}
          onPageChange={setPage}
          previousLabel={t('admin:previousPage')}
          nextLabel={t('admin:nextPage')}
          layout={{
            kind: 'compact',
            position: t('admin:pageOf', { page: current, pages: Math.max(1, pages) }),
          }}
        >
          <PageSizeSelect
            value={pageSize}
            onChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </Pagination>
      ),
  };
}
