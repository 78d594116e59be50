import type { ChatterDto } from '@greetboard/contracts/wire';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { liveSocket } from '../live/live-socket';
import { ClaimSender } from './claim-sender';

const browserSender = () =>
  new ClaimSender({
    // A claim while disconnected is not worth a warning: the renewal sends it again.
    send: (message) => liveSocket.connected && liveSocket.send(message),
    now: () => Date.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });

/**
 * Claims the chatter the user is about to greet (ADR 0034): the row the keyboard selection
 * rests on, or the row whose greet button the pointer rests on (the pointer wins). Only a
 * pending chatter is claimed, so greeting it releases the claim. Works on the list's DOM, as
 * `useTriage` does, so the shared `ChatterList` carries none of it.
 */
export function useSoftClaim(
  sessionId: string,
  rows: readonly ChatterDto[],
  listRef: RefObject<HTMLUListElement | null>,
) {
  const [focused, setFocused] = useState<string | null>(null);
  const [pointed, setPointed] = useState<string | null>(null);
  const sender = useMemo(browserSender, []);

  useEffect(() => {
    const rowIdOf = (target: EventTarget | null, selector = '[data-chatter-id]') => {
      if (!(target instanceof Element) || !listRef.current?.contains(target)) return null;
      const inner = target.closest(selector);
      return inner?.closest<HTMLElement>('[data-chatter-id]')?.dataset.chatterId ?? null;
    };
    const onFocusIn = (event: FocusEvent) => setFocused(rowIdOf(event.target));
    const onFocusOut = (event: FocusEvent) => {
      if (!rowIdOf(event.relatedTarget)) setFocused(null);
    };
    const onPointerOver = (event: PointerEvent) =>
      setPointed(rowIdOf(event.target, '.greet-button'));
    // Leaving the window from a greet button leaves it too.
    const onPointerOut = (event: PointerEvent) => {
      if (event.relatedTarget === null) setPointed(null);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
    };
  }, [listRef]);

  const target = pointed ?? focused;
  const chatterId = rows.some((row) => row.id === target && !row.isGreeted) ? target : null;

  useEffect(() => {
    sender.want(chatterId ? { sessionId, chatterId } : null);
  }, [sender, sessionId, chatterId]);
  useEffect(() => () => sender.stop(), [sender]);
}
