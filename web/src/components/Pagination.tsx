import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Select } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageSize, pageItems, PAGE_SIZES, type PageSize } from './pagination';

interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** The arrows' names, in the words of the list that is paged. */
  previousLabel: string;
  nextLabel: string;
  /** What stands before the arrows: a summary of the rows shown, or a page-size choice. */
  children: ReactNode;
  /**
   * A chatter list's paging: a navigation landmark named `navigationLabel`, with a button for
   * the first and last pages and `window` pages each side of the current one. An admin
   * table's is compact: its position as one line of text (`position`), read out on change.
   */
  layout:
    | {
        kind: 'numbered';
        window: number;
        navigationLabel: string;
        pageLabel: (page: number) => string;
      }
    | { kind: 'compact'; position: string };
}

/** Steps through the pages of a long list: the lists are paged, never rendered whole. */
export function Pagination({ page, pages, onPageChange, layout, ...props }: PaginationProps) {
  const arrows = (between: ReactNode) => (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={props.previousLabel}
      >
        <ChevronLeft aria-hidden size={16} />
      </button>
      {between}
      <button
        type="button"
        className="icon-button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pages}
        aria-label={props.nextLabel}
      >
        <ChevronRight aria-hidden size={16} />
      </button>
    </>
  );
  if (layout.kind === 'compact') {
    return (
      <div className="pagination-compact">
        {props.children}
        <div className="pagination-compact-pages">
          {arrows(<span aria-live="polite">{layout.position}</span>)}
        </div>
      </div>
    );
  }
  return (
    <nav className="pagination" aria-label={layout.navigationLabel}>
      {props.children}
      <div className="pagination-pages">
        {arrows(
          pageItems(page, pages, layout.window).map((item) =>
            typeof item === 'number' ? (
              <button
                key={item}
                type="button"
                className={`page-button ${item === page ? 'is-current' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={layout.pageLabel(item)}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            ) : (
              <span key={item} className="page-ellipsis" aria-hidden>
                …
              </span>
            ),
          ),
        )}
      </div>
    </nav>
  );
}

/** How many rows a page shows, chosen from PAGE_SIZES. */
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
