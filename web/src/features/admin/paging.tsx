import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizeSelect } from '../chatters/Pagination';
import { pageCount, type PageSize } from '../chatters/pagination';

/** One page of a long admin list: large tables are paged, never rendered whole. */
export function usePage<T>(items: T[]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const pages = pageCount(items.length, pageSize);
  const current = Math.min(page, Math.max(1, pages));
  const start = (current - 1) * pageSize;
  return {
    rows: items.slice(start, start + pageSize),
    controls:
      items.length === 0 ? null : (
        <PageControls
          page={current}
          pages={Math.max(1, pages)}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      ),
  };
}

function PageControls(props: {
  page: number;
  pages: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-paging">
      <PageSizeSelect value={props.pageSize} onChange={props.onPageSize} />
      <div className="admin-paging-pages">
        <button
          type="button"
          className="icon-button"
          onClick={() => props.onPage(props.page - 1)}
          disabled={props.page <= 1}
          aria-label={t('admin:previousPage')}
        >
          <ChevronLeft aria-hidden size={16} />
        </button>
        <span aria-live="polite">
          {t('admin:pageOf', { page: props.page, pages: props.pages })}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => props.onPage(props.page + 1)}
          disabled={props.page >= props.pages}
          aria-label={t('admin:nextPage')}
        >
          <ChevronRight aria-hidden size={16} />
        </button>
      </div>
    </div>
  );
}
