import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The class a row gets for the moment it slides in (overlay.css). */
export const ENTERING_CLASS = 'overlay-row-enter';

/**
 * An overlay link's entry animation (ADR 0056): a row drawn for a chatter the list did not
 * show before slides in, once. The rows of the first load do not (nobody arrived), and a
 * reader who asks for reduced motion sees none (the CSS holds it back).
 */
export function useEntryAnimation(
  listRef: RefObject<HTMLUListElement | null>,
  on: boolean,
  loaded: boolean,
) {
  const seen = useRef<Set<string> | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!on || !loaded || !list) return;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-chatter-id]')];
    const known = seen.current;
    // The first rows loaded are where the page starts, not arrivals.
    if (!known) {
      seen.current = new Set(rows.map((row) => row.dataset.chatterId!));
      return;
    }
    for (const row of rows) {
      if (known.has(row.dataset.chatterId!)) continue;
      known.add(row.dataset.chatterId!);
      row.classList.add(ENTERING_CLASS);
      row.addEventListener('animationend', () => row.classList.remove(ENTERING_CLASS), {
        once: true,
      });
    }
  });
}
