/**
 * The rows a list shows while it holds still (ADR 0052): while the pointer is over it or the
 * keyboard focus is in it, no row enters, leaves or moves; each held row still shows its
 * latest state (a greet made anywhere). `live` is what the list would show otherwise.
 */
export interface RowHold<T> {
  /** What the rows are of (session, page, order, search, filters): a new one shows at once. */
  key: string;
  /** The live rows the hold last saw. */
  live: readonly T[];
  /** The rows shown. */
  rows: readonly T[];
}

interface Row {
  id: string;
}

export const startHold = <T>(key: string, live: readonly T[]): RowHold<T> => ({
  key,
  live,
  rows: live,
});

/** The held rows in their order, each replaced by its live version when it has one. */
function refreshRows<T extends Row>(rows: readonly T[], live: readonly T[]): readonly T[] {
  const byId = new Map(live.map((row) => [row.id, row]));
  let changed = false;
  const next = rows.map((row) => {
    const latest = byId.get(row.id);
    if (!latest || latest === row) return row;
    changed = true;
    return latest;
  });
  return changed ? next : rows;
}

/**
 * The hold after a render with `live` rows under `key`: the live rows when not `held` or the key
 * changed, else the held rows refreshed in place. Answers `hold` itself when nothing changed.
 */
export function nextHold<T extends Row>(
  hold: RowHold<T>,
  key: string,
  live: readonly T[],
  held: boolean,
): RowHold<T> {
  if (!held || hold.key !== key)
    return hold.key === key && hold.live === live && hold.rows === live
      ? hold
      : startHold(key, live);
  if (hold.live === live) return hold;
  return { key, live, rows: refreshRows(hold.rows, live) };
}

/** The length of the longest increasing run (not necessarily contiguous) in `values`. */
function longestIncreasing(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (tails[middle] < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
  }
  return tails.length;
}

/**
 * How many rows the held list shows out of place: those the live list adds or drops, and the
 * fewest of those in both that must move to put them in the live order (one greeted row going
 * last is one update, not one per row it passes).
 */
export function heldUpdates<T extends Row>(hold: RowHold<T>): number {
  if (hold.rows === hold.live) return 0;
  const livePlace = new Map(hold.live.map((row, index) => [row.id, index]));
  const places = hold.rows
    .map((row) => livePlace.get(row.id))
    .filter((place): place is number => place !== undefined);
  const dropped = hold.rows.length - places.length;
  const added = hold.live.length - places.length;
  return dropped + added + places.length - longestIncreasing(places);
}
