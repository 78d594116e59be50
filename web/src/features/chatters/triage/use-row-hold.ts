import { useCallback, useState, type FocusEvent } from 'react';
import { heldUpdates, nextHold, startHold, type RowHold } from './row-hold';

interface Row {
  id: string;
}

/** Whether the focus is the keyboard's (a click's focus on a greet button holds nothing). */
function isKeyboardFocus(target: EventTarget | null): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: any focus in the list holds it.
    return true;
  }
}

/**
 * Holds a list's rows still while the pointer is over it or the keyboard focus is in it
 * (ADR 0052), counting the updates held back; `apply` shows them at once. The handlers go on
 * the element around the list and its updates control (`StableRows`).
 */
export function useRowHold<T extends Row>(key: string, live: readonly T[]) {
  const [pointer, setPointer] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const held = pointer || keyboard;
  const [hold, setHold] = useState<RowHold<T>>(() => startHold(key, live));
  const next = nextHold(hold, key, live, held);
  // Derived during render (React's pattern for state that follows props): no frame shows
  // the rows of before.
  if (next !== hold) setHold(next);
  const apply = useCallback(() => setHold(startHold(key, live)), [key, live]);
  const handlers = {
    onPointerEnter: () => setPointer(true),
    onPointerLeave: () => setPointer(false),
    onFocus: (event: FocusEvent) => setKeyboard(isKeyboardFocus(event.target)),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setKeyboard(false);
    },
  };
  return { rows: next.rows, held, updates: heldUpdates(next), apply, handlers };
}

export type RowHoldState = ReturnType<typeof useRowHold>;
