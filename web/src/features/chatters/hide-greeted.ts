import type { ChatterDto } from '@greetboard/contracts/wire';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStoredBoolean } from '../../app/use-stored-boolean';

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

/** Remembers 'Show banned and timed out' locally, as Hide greeted is. */
export const SHOW_MODERATED_STORAGE_KEY = 'showModerated';

/** Banned or timed out on Twitch (ADR 0041): off the to-greet list unless asked for. */
export const isModerated = (chatter: Pick<ChatterDto, 'moderation'>) => Boolean(chatter.moderation);

/** The chatters of the desk: without the banned and timed out unless they are to be shown. */
export function listedChatters<T extends Pick<ChatterDto, 'moderation'>>(
  chatters: readonly T[],
  showModerated: boolean,
): readonly T[] {
  return showModerated ? chatters : chatters.filter((c) => !isModerated(c));
}

/** The stored 'Show banned and timed out' switch and the chatters it lets through. */
export function useListedChatters(chatters: readonly ChatterDto[]) {
  const [showModerated, setShowModerated] = useStoredBoolean(SHOW_MODERATED_STORAGE_KEY, false);
  const listed = useMemo(() => listedChatters(chatters, showModerated), [chatters, showModerated]);
  return { listed, showModerated, setShowModerated };
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
