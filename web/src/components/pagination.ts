export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const DASHBOARD_PAGE_WINDOW = 1;
export const SESSION_PAGE_WINDOW = 2;

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page buttons: the first and last page, the current page with `window` neighbours on each
 * side, and an ellipsis for each gap. A gap of exactly one page shows that page instead.
 */
export function pageItems(current: number, totalPages: number, window: number): PageItem[] {
  if (totalPages <= 1) return [1];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - window; p <= current + window; p += 1) {
    if (p >= 1 && p <= totalPages) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined) {
      if (page - previous === 2) items.push(previous + 1);
      else if (page - previous > 2)
        items.push(page === totalPages ? 'ellipsis-end' : 'ellipsis-start');
    }
    items.push(page);
  });
  return items;
}

/** The 1-based range "a-b" shown on a page, or 0-0 when empty. */
export function pageRange(page: number, pageSize: number, total: number) {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}
