import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The class a row gets for the moment it slides in (overlay.css). */
export const ENTERING_CLASS = 'overlay-row-enter';

/**
 * An overlay link's entry animation (ADR 0056): a new row slides in, once, while chatters
 * have arrived (the session's `total` grew) that no new row has shown yet; the live count
 * often grows a moment before the refetched page brings the row. The rows of the first load
 * do not, nor rows that appear because the list grew taller (more rows fit): nobody arrived.
 * A reader who asks for reduced motion sees none (the CSS holds it back).
 */
export function useEntryAnimation(
  listRef: RefObject<HTMLUListElement | null>,
  on: boolean,
  loaded: boolean,
  total: number,
) {
  const seen = useRef<Set<string> | null>(null);
  const lastTotal = useRef(total);
  const arrivals = useRef(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!on || !loaded || !list) return;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-chatter-id]')];
    const known = seen.current;
    // The first rows loaded are where the page starts, not arrivals.
    if (!known) {
      seen.current = new Set(rows.map((row) => row.dataset.chatterId!));
      lastTotal.current = total;
      return;
    }
    arrivals.current += Math.max(0, total - lastTotal.current);
    lastTotal.current = total;
    for (const row of rows) {
      if (known.has(row.dataset.chatterId!)) continue;
      known.add(row.dataset.chatterId!);
      if (arrivals.current === 0) continue;
      arrivals.current -= 1;
      row.classList.add(ENTERING_CLASS);
      row.addEventListener('animationend', () => row.classList.remove(ENTERING_CLASS), {
        once: true,
      });
    }
  });
}
