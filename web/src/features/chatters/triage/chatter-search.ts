import type { ChatterDto } from '@greetboard/contracts/wire';
import { useEffect, useState } from 'react';

/** How long the search waits after the last keystroke before it filters the list. */
export const SEARCH_DEBOUNCE_MS = 150;

/** The chatters whose display name or username contains `query`, ignoring case and outer spaces. */
export function searchChatters<T extends Pick<ChatterDto, 'displayName' | 'username'>>(
  chatters: readonly T[],
  query: string,
): readonly T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return chatters;
  return chatters.filter(
    (chatter) =>
      chatter.username.toLocaleLowerCase().includes(needle) ||
      (chatter.displayName ?? '').toLocaleLowerCase().includes(needle),
  );
}

/** `value`, once it has held still for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
