import type { ChatterDto } from '@greetboard/contracts/wire';

/**
 * 'Back after N days' shows when the chatter's last appearance in an earlier session of the
 * streamer was at least this many days before this session's first line (ADR 0033): two
 * weeks away is a return worth a word; a regular of last week's stream is not.
 */
export const BACK_AFTER_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChatterHistory {
  /** Whole days between the last earlier appearance and this session; null: no such badge. */
  backAfterDays: number | null;
  /** Which of the streamer's sessions this is for the chatter; null before the second. */
  streamNumber: number | null;
}

/** What Greetboard's own history says about a chatter, as the badges show it. */
export function chatterHistory(
  chatter: Pick<ChatterDto, 'firstSeenAt' | 'lastSeenBeforeAt' | 'sessionsSeen'>,
): ChatterHistory {
  let backAfterDays: number | null = null;
  if (chatter.lastSeenBeforeAt) {
    const days = Math.floor(
      (Date.parse(chatter.firstSeenAt) - Date.parse(chatter.lastSeenBeforeAt)) / DAY_MS,
    );
    if (days >= BACK_AFTER_DAYS) backAfterDays = days;
  }
  return {
    backAfterDays,
    streamNumber: chatter.sessionsSeen >= 2 ? chatter.sessionsSeen : null,
  };
}
