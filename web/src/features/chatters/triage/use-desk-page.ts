import type { ChatterDto, ChatterView } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useClaimMarks } from '../../presence/ClaimMark';
import { useSoftClaim } from '../../presence/use-soft-claim';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  pageCount,
  type PageSize,
} from '../../../components/pagination';
import { useGetChatterPageQuery } from '../chatters-api';
import { orderChatters } from '../chatter-order';
import { listedChatters, visibleChatters } from '../hide-greeted';
import { greetedElsewhere, subscribeGreetedElsewhere } from '../settling-rows';
import { withGreeter } from './StableRows';
import { useRowHold } from './use-row-hold';
import type { DeskList } from './use-desk-list';
import { useTriage } from './use-triage';

/** The page number and size of a desk; a new session, search or order starts at page 1. */
function usePaging(sessionId: string, desk: DeskList) {
  const [pageSize, setPageSizeState] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [sessionId, desk.search, desk.order]);
  const setPageSize = useCallback((size: PageSize) => {
    setPageSizeState(size);
    setPage(1);
  }, []);
  return { page, setPage, pageSize, setPageSize };
}

type Paging = ReturnType<typeof usePaging>;

/** The triage keys and soft claims on the rows of the page on screen. */
function useDeskRows(
  sessionId: string,
  paging: Paging,
  current: number,
  rows: readonly ChatterDto[],
  total: number,
  rowsPending: boolean,
  onGreeted: (chatterId: string) => void,
) {
  const { setPage, pageSize } = paging;
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const turnPage = useCallback(
    (step: 1 | -1) => {
      const next = current + step;
      if (next < 1 || next > pageCount(total, pageSize)) return false;
      setPage(next);
      return true;
    },
    [current, total, pageSize, setPage],
  );
  const triage = useTriage({
    sessionId,
    rows,
    rowsPending,
    listRef,
    searchRef,
    onGreeted,
    turnPage,
  });
  useSoftClaim(sessionId, rows, listRef);
  const claimMark = useClaimMarks(sessionId);
  return {
    page: current,
    setPage,
    pageSize,
    setPageSize: paging.setPageSize,
    total,
    rows,
    listRef,
    searchRef,
    triage,
    claimMark,
  };
}

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
  const paging = usePaging(sessionId, desk);
  const { page, pageSize } = paging;
  const current = clampPage(page, shown.length, pageSize);
  const rows = useMemo(
    () => shown.slice((current - 1) * pageSize, current * pageSize),
    [shown, current, pageSize],
  );
  return useDeskRows(sessionId, paging, current, rows, shown.length, false, onGreeted);
}

export interface DeskFilters {
  hideGreeted: boolean;
  hideModerated: boolean;
}

const NO_CHATTERS: ChatterDto[] = [];

interface ShownPage {
  view: ChatterView;
  /** The request the rows answer: the rows of another one show at once, held or not. */
  key: string;
  page: number;
  pageSize: PageSize;
}

/**
 * The desk's page read from the server (ADR 0050): only the rows on screen are fetched, with
 * the session's counts. The rows greeted a moment ago, here (`settling`) or on another screen
 * (with their greeter), keep their place for 2 s; the others greeted since the read leave a
 * 'Next to greet' order for the page's end, and the page while Hide greeted is on. While the
 * pointer or the keyboard focus is on the list, its rows hold still (`hold`, ADR 0052).
 */
export function useServerDeskPage(
  sessionId: string,
  desk: DeskList,
  filters: DeskFilters,
  settling: ReadonlySet<string>,
  onGreeted: (chatterId: string) => void,
) {
  const paging = usePaging(sessionId, desk);
  const { page, pageSize } = paging;
  const [known, setKnown] = useState<number | null>(null);
  const current = known === null ? Math.max(1, page) : clampPage(page, known, pageSize);
  const args = {
    sessionId,
    order: desk.order,
    offset: (current - 1) * pageSize,
    limit: pageSize,
    hideGreeted: filters.hideGreeted,
    hideModerated: filters.hideModerated,
    search: desk.search,
  };
  const query = useGetChatterPageQuery(args);
  // The rows on screen and the pager's summary stay those of one answer: a page turn shows
  // the rows of the page before until the new page is read, under that page's summary.
  const [shown, setShown] = useState<ShownPage | null>(null);
  if (query.currentData && shown?.view !== query.currentData)
    setShown({ view: query.currentData, key: JSON.stringify(args), page: current, pageSize });
  const view = shown?.view;
  const matching = view?.matching ?? 0;
  useEffect(() => {
    if (view) setKnown(view.matching);
  }, [view]);
  const chatters = view?.chatters ?? NO_CHATTERS;
  const elsewhere = useSyncExternalStore(subscribeGreetedElsewhere, greetedElsewhere);
  const rows = useMemo(() => {
    const all = elsewhere.size === 0 ? settling : new Set([...settling, ...elsewhere.keys()]);
    const listed = filters.hideModerated ? listedChatters(chatters, false) : chatters;
    const ordered = desk.order === 'next' ? orderChatters(listed, 'next', all) : listed;
    return visibleChatters(ordered, filters.hideGreeted, all);
  }, [chatters, desk.order, settling, elsewhere, filters.hideGreeted, filters.hideModerated]);
  const hold = useRowHold(shown?.key ?? '', rows);
  const desked = useDeskRows(
    sessionId,
    paging,
    current,
    hold.rows,
    matching,
    query.isFetching,
    onGreeted,
  );
  return {
    ...desked,
    claimMark: withGreeter(desked.claimMark, elsewhere),
    hold,
    /** The page and page size of the rows on screen, for the pager. */
    shownPage: shown?.page ?? current,
    shownPageSize: shown?.pageSize ?? pageSize,
    view,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

export type DeskPage = ReturnType<typeof useDeskPage>;
