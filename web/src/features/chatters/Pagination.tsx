import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Select } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isPageSize,
  pageCount,
  pageItems,
  pageRange,
  PAGE_SIZES,
  type PageSize,
} from './pagination';
import './chatters.css';

interface PaginationProps {
  page: number;
  pageSize: PageSize;
  total: number;
  window: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, pageSize, total, window, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav className="pagination" aria-label={t('chatters.pagination')}>
      <span className="pagination-summary">
        {t('chatters.showing', { from, to, count: total })}
      </span>
      <div className="pagination-pages">
        <button
          type="button"
          className="icon-button"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label={t('chatters.previous')}
        >
          <ChevronLeft aria-hidden size={16} />
        </button>
        {pageItems(page, pages, window).map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className={`page-button ${item === page ? 'is-current' : ''}`}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('chatters.page', { page: item })}
              onClick={() => onPageChange(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="page-ellipsis" aria-hidden>
              …
            </span>
          ),
        )}
        <button
          type="button"
          className="icon-button"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages}
          aria-label={t('chatters.next')}
        >
          <ChevronRight aria-hidden size={16} />
        </button>
      </div>
    </nav>
  );
}

export function PageSizeSelect({
  value,
  onChange,
}: {
  value: PageSize;
  onChange: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="page-size">
      <span id={labelId}>{t('chatters.pageSize')}</span>
      <Select.Root
        value={String(value)}
        onValueChange={(next) => {
          const size = Number(next);
          if (isPageSize(size)) onChange(size);
        }}
      >
        <Select.Trigger className="select-trigger" aria-labelledby={labelId}>
          <Select.Value />
          <Select.Icon className="select-icon">▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="select-content" position="popper" sideOffset={4}>
            <Select.Viewport>
              {PAGE_SIZES.map((size) => (
                <Select.Item key={size} value={String(size)} className="select-item">
                  <Select.ItemText>{size}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
