import type { ChatterDto } from '@greetboard/contracts/wire';
import { useMemo, useState } from 'react';
import { orderChatters } from '../chatter-order';
import { searchChatters, useDebouncedValue } from './chatter-search';
import { useChatterOrder } from './use-chatter-order';

/**
 * A session's chatters as the desk lists them: in the browser's chosen order, then narrowed
 * by the search once typing paused. Both steps are memoised, so a render that changes neither
 * the chatters, the order, the rows settling after a greet nor the search sorts nothing.
 */
export function useDeskList(chatters: readonly ChatterDto[], settling: ReadonlySet<string>) {
  const [order, setOrder] = useChatterOrder();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const ordered = useMemo(
    () => orderChatters(chatters, order, settling),
    [chatters, order, settling],
  );
  const matching = useMemo(() => searchChatters(ordered, search), [ordered, search]);
  return { order, setOrder, query, setQuery, search, matching };
}

export type DeskList = ReturnType<typeof useDeskList>;
