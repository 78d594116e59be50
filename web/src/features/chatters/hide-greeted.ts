import type { ChatterDto } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useRef, useState } from 'react';

export const HIDE_GREETED_STORAGE_KEY = 'hideGreeted';
/** How long a chatter just greeted stays visible while greeted chatters are hidden. */
export const JUST_GREETED_VISIBLE_MS = 2000;

/** The chatters to list: all, or with Hide greeted only pending ones plus those just greeted. */
export function visibleChatters<T extends Pick<ChatterDto, 'id' | 'isGreeted'>>(
  chatters: readonly T[],
  hideGreeted: boolean,
  justGreeted: ReadonlySet<string>,
): T[] {
  return hideGreeted
    ? chatters.filter((c) => !c.isGreeted || justGreeted.has(c.id))
    : [...chatters];
}

/** Ids of chatters greeted in the last two seconds. */
export function useJustGreeted() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const mark = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    setIds((current) => new Set(current).add(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setIds((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }, JUST_GREETED_VISIBLE_MS),
    );
  }, []);
  return [ids, mark] as const;
}
