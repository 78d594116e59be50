/** Height kept free below the list for the '+ N more' line and breathing room. */
export const OVERLAY_RESERVE_PX = 70;
export const OVERLAY_ROW_PX = 40;

/** How many rows fit: the available height minus the 70 px reserve, divided by the row height; at least 1. */
export function visibleRowCount(availableHeight: number, rowHeight = OVERLAY_ROW_PX): number {
  return Math.max(1, Math.floor((availableHeight - OVERLAY_RESERVE_PX) / rowHeight));
}

/** The rows to draw and how many are left for '+ N more'. */
export function splitRows<T>(rows: readonly T[], capacity: number) {
  return { shown: rows.slice(0, capacity), more: Math.max(0, rows.length - capacity) };
}

/**
 * '+ N pending' (ADR 0056): the people still to greet who have no row drawn. Greeted chatters
 * left over are not counted; `pending` is the session's count, banned and timed out excluded.
 */
export function pendingNotShown(
  pending: number,
  shown: readonly { isGreeted: boolean; moderation?: unknown }[],
): number {
  return Math.max(0, pending - shown.filter((c) => !c.isGreeted && !c.moderation).length);
}

export const OVERLAY_REFRESH_EVENTS = [
  'session_started',
  'session_stopped',
  'session_created',
  'session_updated',
  'session_deleted',
] as const;

/** The most rows one page read brings (the server's limit, ADR 0050). */
export const CHATTER_VIEW_MAX_LIMIT = 100;
