import type { ChatterDto } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useGreet } from '../use-greet';
import { triageAction } from './triage-keys';

/** How many greet changes `u` can take back, newest first. */
export const UNDO_DEPTH = 50;

interface TriageOptions {
  sessionId: string;
  /** The rows on screen, in their order. */
  rows: readonly ChatterDto[];
  /** A page turn's rows are still being read: the focus waits for them. */
  rowsPending?: boolean;
  listRef: RefObject<HTMLUListElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Called before a greeting is sent (keeps a just-greeted row in place a moment). */
  onGreeted?: (chatterId: string) => void;
  /** Moves to the next (+1) or previous (-1) page; false when there is none. */
  turnPage?: (step: 1 | -1) => boolean;
}

/** The row element of a chatter in the list, if it is on screen. */
const rowElement = (list: HTMLUListElement | null, id: string) =>
  [...(list?.querySelectorAll<HTMLElement>('[data-chatter-id]') ?? [])].find(
    (row) => row.dataset.chatterId === id,
  );

interface Change {
  chatterId: string;
  /** The greet state before the change. */
  was: boolean;
}

/**
 * Keyboard triage of a chatter list: the focused row (roving tabindex), the keys of
 * `triageAction` on the whole page, and an undo history of greet changes made by key or click.
 * It works on the list's DOM (`data-chatter-id` rows, their greet buttons' `aria-pressed`), so
 * `ChatterList`, which the overlay shares, carries none of this code.
 */
export function useTriage({
  sessionId,
  rows,
  rowsPending = false,
  listRef,
  searchRef,
  onGreeted,
  turnPage,
}: TriageOptions) {
  const greet = useGreet(sessionId);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const history = useRef<Change[]>([]);
  /** Which row to focus once a page turned by the keyboard shows its rows. */
  const pendingEdge = useRef<'first' | 'last' | null>(null);

  const focusRow = useCallback(
    (id: string | undefined) => {
      if (!id) return;
      setFocusedId(id);
      rowElement(listRef.current, id)?.focus();
    },
    [listRef],
  );

  /** Records a greet change, so that `u` can take it back. */
  const recordToggle = useCallback((chatterId: string, isGreeted: boolean) => {
    history.current = [{ chatterId, was: !isGreeted }, ...history.current].slice(0, UNDO_DEPTH);
  }, []);

  // Rows report the focus (a click or Tab counts too), and greet clicks join the undo history.
  useEffect(() => {
    // Listened for on the document: the list element comes and goes (no rows, no matches).
    const rowOf = (target: EventTarget | null) =>
      target instanceof Element && listRef.current?.contains(target)
        ? target.closest<HTMLElement>('[data-chatter-id]')
        : null;
    const onFocusIn = (event: FocusEvent) => {
      const id = rowOf(event.target)?.dataset.chatterId;
      if (id) setFocusedId(id);
    };
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('.greet-button') : null;
      const id = rowOf(button)?.dataset.chatterId;
      // Read before the click's own handler flips the state.
      if (button && id) recordToggle(id, button.getAttribute('aria-pressed') !== 'true');
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('click', onClick, true);
    };
  }, [listRef, recordToggle]);

  const setGreeted = useCallback(
    (chatterId: string, isGreeted: boolean) => {
      if (isGreeted) onGreeted?.(chatterId);
      greet(chatterId, isGreeted);
    },
    [greet, onGreeted],
  );

  // A new page, a search or a re-ordering puts other rows on screen: keep the keyboard focus
  // on its row when it is still there (a moved element loses the focus), or take it to the
  // edge row after a page turned by the keyboard.
  useLayoutEffect(() => {
    // Roving tabindex: Tab enters the list at the focused row, or at the first one.
    const stop = rows.some((row) => row.id === focusedId) ? focusedId : rows[0]?.id;
    for (const row of listRef.current?.querySelectorAll<HTMLElement>('[data-chatter-id]') ?? [])
      row.tabIndex = row.dataset.chatterId === stop ? 0 : -1;

    const edge = pendingEdge.current;
    if (edge && rowsPending) return;
    if (edge) {
      pendingEdge.current = null;
      focusRow((edge === 'first' ? rows[0] : rows.at(-1))?.id);
      return;
    }
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost && focusedId && rows.some((row) => row.id === focusedId)) {
      rowElement(listRef.current, focusedId)?.focus({ preventScroll: true });
    }
  }, [rows, rowsPending, focusedId, focusRow, listRef]);

  useEffect(() => {
    if (helpOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const action = triageAction(event);
      if (!action) return;
      const index = rows.findIndex((row) => row.id === focusedId);
      const focused = index === -1 ? undefined : rows[index];
      switch (action) {
        case 'next':
        case 'previous': {
          const step = action === 'next' ? 1 : -1;
          const target = index === -1 ? 0 : index + step;
          if (target >= 0 && target < rows.length) focusRow(rows[target]?.id);
          else if (index !== -1 && turnPage?.(step))
            pendingEdge.current = step === 1 ? 'first' : 'last';
          break;
        }
        case 'toggle':
          if (!focused) return;
          recordToggle(focused.id, !focused.isGreeted);
          setGreeted(focused.id, !focused.isGreeted);
          // On to the next row: the focus does not stay behind on a greeted row (j turns the
          // page after the last one).
          if (!focused.isGreeted) focusRow(rows[index + 1]?.id);
          break;
        case 'undo': {
          const [last, ...rest] = history.current;
          if (!last) return;
          history.current = rest;
          setGreeted(last.chatterId, last.was);
          if (rows.some((row) => row.id === last.chatterId)) focusRow(last.chatterId);
          break;
        }
        case 'search':
          searchRef.current?.focus();
          searchRef.current?.select();
          break;
        case 'help':
          setHelpOpen(true);
          break;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [helpOpen, rows, focusedId, focusRow, recordToggle, setGreeted, searchRef, turnPage]);

  return { focusedId, helpOpen, setHelpOpen };
}
