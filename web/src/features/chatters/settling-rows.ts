import type { ChatterDto } from '@greetboard/contracts/wire';

/** How long a greeted row keeps its place (the spec's 2 s of Hide greeted, ADR 0052). */
export const SETTLE_MS = 2000;

/** Who greeted a row on another screen, shown on it while it settles. */
export type Greeter = NonNullable<ChatterDto['greetedByUser']>;

interface Settling {
  until: number;
  /** Set when the greet came from another screen (another browser, an editor). */
  elsewhere?: { by: Greeter | null };
}

/**
 * Chatters greeted a moment ago, here or elsewhere, with when they settle (ADR 0052): a page
 * showing one is refetched only then, and the lists keep the row in place until then. Those
 * greeted elsewhere are also shown with their greeter; screens subscribe to that part.
 */
const settling = new Map<string, Settling>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, Greeter | null> = new Map();

function publish() {
  const next = new Map<string, Greeter | null>();
  for (const [id, entry] of settling) if (entry.elsewhere) next.set(id, entry.elsewhere.by);
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function settle(id: string, entry: Settling) {
  clearTimeout(timers.get(id));
  settling.set(id, entry);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      const wasElsewhere = Boolean(settling.get(id)?.elsewhere);
      settling.delete(id);
      if (wasElsewhere) publish();
    }, entry.until - Date.now()),
  );
}

/** A greet made here: the row keeps its place for `SETTLE_MS`. */
export function settleGreetedHere(id: string) {
  const wasElsewhere = Boolean(settling.get(id)?.elsewhere);
  settle(id, { until: Date.now() + SETTLE_MS });
  if (wasElsewhere) publish();
}

/** An un-greet made here: the row may move at once. */
export function forgetSettling(id: string) {
  const entry = settling.get(id);
  if (!entry) return;
  clearTimeout(timers.get(id));
  timers.delete(id);
  settling.delete(id);
  if (entry.elsewhere) publish();
}

/**
 * A greet that another screen made arrived live for a row on a page: the row keeps its place
 * for `SETTLE_MS` with "greeted by {name}". A repeat for a row already settling changes nothing.
 */
export function settleGreetedElsewhere(chatter: Pick<ChatterDto, 'id' | 'greetedByUser'>) {
  if (settling.has(chatter.id)) return;
  settle(chatter.id, {
    until: Date.now() + SETTLE_MS,
    elsewhere: { by: chatter.greetedByUser ?? null },
  });
  publish();
}

/** When the last of `ids` still settling settles (epoch ms), 0 when none is. */
export function settleTime(ids: Iterable<string>): number {
  const now = Date.now();
  let until = 0;
  for (const id of ids) {
    const at = settling.get(id)?.until;
    if (at !== undefined && at > now) until = Math.max(until, at);
  }
  return until;
}

/** For `useSyncExternalStore`: hears the rows greeted elsewhere start and end settling. */
export const subscribeGreetedElsewhere = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The rows greeted elsewhere that are settling, with their greeter (a new map per change). */
export const greetedElsewhere = () => snapshot;

/** Forgets every settling row (tests). */
export function resetSettling() {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  settling.clear();
  publish();
}
