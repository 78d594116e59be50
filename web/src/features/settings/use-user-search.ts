import type { UserSearchResponse } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useRef, useState } from 'react';

/** search rules. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const RESULTS_HIDE_DELAY_MS = 200;

/** The text to search for: trimmed, and only from the minimum length on. */
export function searchTermOf(text: string): string | null {
  const term = text.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : null;
}

/**
 * A debounced user search box. Typing waits 300 ms before asking; too short a text clears the
 * results; a failure calls `onError` and clears them; a late answer to an older text is
 * dropped. The results hide 200 ms after the box loses focus, so a click on a result lands.
 */
export function useUserSearch(
  search: (term: string) => Promise<UserSearchResponse>,
  onError: (error: unknown) => void,
) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<UserSearchResponse | null>(null);
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const callbacks = useRef({ search, onError });
  callbacks.current = { search, onError };

  useEffect(() => {
    const term = searchTermOf(text);
    const request = ++latest.current;
    if (!term) {
      setResult(null);
      return;
    }
    const timer = setTimeout(() => {
      callbacks.current.search(term).then(
        (answer) => {
          if (request !== latest.current) return;
          setResult(answer);
          setOpen(true);
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          setResult(null);
          callbacks.current.onError(error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const onFocus = useCallback(() => {
    clearTimeout(hideTimer.current);
    setOpen(true);
  }, []);
  const onBlur = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), RESULTS_HIDE_DELAY_MS);
  }, []);
  /** After a choice: empty box, no results. */
  const clear = useCallback(() => {
    latest.current++;
    setText('');
    setResult(null);
  }, []);

  return {
    text,
    setText,
    result,
    setResult,
    showResults: open && result !== null,
    onFocus,
    onBlur,
    clear,
  };
}
