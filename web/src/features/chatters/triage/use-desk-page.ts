import type { ChatterDto } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClaimMarks } from '../../presence/ClaimMark';
import { useSoftClaim } from '../../presence/use-soft-claim';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  pageCount,
  type PageSize,
} from '../../../components/pagination';
import type { DeskList } from './use-desk-list';
import { useTriage } from './use-triage';

/**
 * The page of the desk's rows on screen, with the keyboard triage and soft claims on it. The
 * pager or the triage keys at a page's edge turn it; a new session, search or order, or a new
 * page size, starts again at page 1. `shown` is the desk's list after any filter of the screen's
 * own (the session page may hide the greeted).
 */
export function useDeskPage(
  sessionId: string,
  desk: DeskList,
  shown: readonly ChatterDto[],
  onGreeted: (chatterId: string) => void,
) {
  const [pageSize, setPageSizeState] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const current = clampPage(page, shown.length, pageSize);
  const rows = shown.slice((current - 1) * pageSize, current * pageSize);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const turnPage = useCallback(
    (step: 1 | -1) => {
      const next = current + step;
      if (next < 1 || next > pageCount(shown.length, pageSize)) return false;
      setPage(next);
      return true;
    },
    [current, shown.length, pageSize],
  );
  const triage = useTriage({ sessionId, rows, listRef, searchRef, onGreeted, turnPage });
  useSoftClaim(sessionId, rows, listRef);
  const claimMark = useClaimMarks(sessionId);
  useEffect(() => setPage(1), [sessionId, desk.search, desk.order]);
  const setPageSize = useCallback((size: PageSize) => {
    setPageSizeState(size);
    setPage(1);
  }, []);

  return {
    page: current,
    setPage,
    pageSize,
    setPageSize,
    total: shown.length,
    rows,
    listRef,
    searchRef,
    triage,
    claimMark,
  };
}

export type DeskPage = ReturnType<typeof useDeskPage>;
