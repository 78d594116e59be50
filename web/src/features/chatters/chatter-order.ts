import type { ChatterDto } from '@greetboard/contracts/wire';

/**
 * How a chatter list is ordered: `oldest` by first seen, oldest first (the spec's, the
 * default); `next` puts the chatters still to greet first (oldest first
 * among them) and the greeted ones after them; `newest` lists the latest arrivals first.
 */
export type ChatterOrder = 'oldest' | 'next' | 'newest';

const NONE: ReadonlySet<string> = new Set();

/**
 * The chatters in `order`, as a new array; `chatters` come oldest first, as the chatters API
 * keeps its cached list (sorted on arrival, live chatters inserted in place), so neither order
 * needs a sort: `oldest` is a copy, `next` a stable split, `newest` a reversal. In `next`, a chatter in
 * `settling` (greeted a moment ago) keeps its place among the pending ones, so a row does not
 * jump away from under the pointer or the keyboard focus the instant it is greeted.
 */
export function orderChatters<T extends Pick<ChatterDto, 'id' | 'isGreeted'>>(
  chatters: readonly T[],
  order: ChatterOrder,
  settling: ReadonlySet<string> = NONE,
): T[] {
  if (order === 'oldest') return [...chatters];
  if (order === 'newest') return [...chatters].reverse();
  const pending: T[] = [];
  const greeted: T[] = [];
  for (const chatter of chatters)
    (chatter.isGreeted && !settling.has(chatter.id) ? greeted : pending).push(chatter);
  return pending.concat(greeted);
}
