import { useEffect, useLayoutEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { useLocation } from 'react-router';

/** react-hot-toast's gap to the viewport edges, and its widest toast (app.css keeps it). */
const EDGE = 16;
const TOAST_WIDTH = 360;
/** Room between the toasts and the greet column. */
const GAP = 8;

/**
 * How far from the right edge the toast area ends so that it never covers a greet button:
 * when the greet column reaches into the area's strip at the bottom right (1280 px wide
 * dashboards, a phone's full-width list), the toasts sit just left of it; otherwise at the
 * usual edge. Exported for its unit test.
 */
export function toastRightInset(viewportWidth: number, greetColumnLeft: number | null): number {
  if (greetColumnLeft === null) return EDGE;
  const areaLeft = viewportWidth - EDGE - TOAST_WIDTH;
  if (greetColumnLeft + GAP < areaLeft) return EDGE;
  return Math.max(EDGE, viewportWidth - greetColumnLeft + GAP);
}

/** The left edge of the greet column: the leftmost greet toggle of a chatter list shown. */
function greetColumnLeft(): number | null {
  let left: number | null = null;
  for (const button of document.querySelectorAll('.chatter-row .greet-button')) {
    const box = button.getBoundingClientRect();
    if (box.width === 0) continue;
    left = left === null ? box.left : Math.min(left, box.left);
  }
  return left;
}

/**
 * The spec's toast area at the bottom right (ADR 0051). It keeps clear of
 * the chatter lists' greet column, measured whenever a toast appears and when the window
 * changes size, and the OBS overlay (/obs) has none: a browser source or dock shows no toasts.
 */
export function ToastArea() {
  const { pathname } = useLocation();
  const overlay = pathname === '/obs' || pathname.startsWith('/obs/');
  const { toasts } = useToasterStore();
  const visible = toasts.some((item) => item.visible);
  const [right, setRight] = useState(EDGE);

  useLayoutEffect(() => {
    if (!visible) return;
    const measure = () => setRight(toastRightInset(window.innerWidth, greetColumnLeft()));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [visible, toasts.length, pathname]);

  // Without a Toaster nothing would time the overlay's toasts out: drop them, so that none
  // waits to appear on the next page.
  useEffect(() => {
    if (overlay && toasts.length > 0) toast.remove();
  }, [overlay, toasts.length]);

  if (overlay) return null;
  return (
    <Toaster
      position="bottom-right"
      containerStyle={{ right }}
      toastOptions={{ className: 'toast', ariaProps: { role: 'status', 'aria-live': 'polite' } }}
    />
  );
}
