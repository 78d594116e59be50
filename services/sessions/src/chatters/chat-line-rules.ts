import { keywordsOf, type ChatLineReceived } from '@greetboard/contracts';
import { KeywordFilter } from './keyword-filter.js';
import { isKnownBot } from './known-bots.js';

/** What decides, for one monitored session, whether a chat line registers its chatter. */
export interface ChatLineContext {
  /** The session owner's login: their own lines never make them a chatter. */
  ownerLogin: string;
  /** The owner's ignore list, lower-case logins. */
  ignored: ReadonlySet<string>;
  keywords: KeywordFilter;
}

export function countsAsChatter(line: ChatLineReceived, context: ChatLineContext): boolean {
  const login = line.login.toLowerCase();
  if (login === context.ownerLogin.toLowerCase()) return false;
  if (isKnownBot(login) || context.ignored.has(login)) return false;
  return context.keywords.matches(line.text);
}

/** A monitored session as the chat-line path reads it for each batch. */
export interface MonitoredSession {
  id: string;
  /** The owner's login: the channel. */
  channel: string;
  /** The session's keywords as stored. */
  keywords: string | null;
  /** The owner's ignore list, lower-case logins, comma-separated ('' for none). */
  ignored: string;
}

/** A session's rules for a batch: its id and what decides which lines count. */
export interface SessionRules {
  id: string;
  context: ChatLineContext;
}

/** Sessions whose rules are kept at most; beyond, the cache starts again. */
const MAX_KEPT_RULES = 10_000;

/**
 * Each monitored session's rules, built again only when its channel, keywords or ignore list
 * differ from the ones they were built from. Every batch reads those from the database, so a
 * change applies to the next batch; the cache only spares building the same ignore set and
 * keyword filter for every session in every batch, thousands of times a second at full rate.
 */
export class SessionRulesCache {
  private readonly kept = new Map<string, { session: MonitoredSession; rules: SessionRules }>();

  rulesOf(session: MonitoredSession): SessionRules {
    const known = this.kept.get(session.id);
    if (
      known &&
      known.session.channel === session.channel &&
      known.session.keywords === session.keywords &&
      known.session.ignored === session.ignored
    )
      return known.rules;
    if (this.kept.size >= MAX_KEPT_RULES) this.kept.clear();
    const rules = {
      id: session.id,
      context: {
        ownerLogin: session.channel,
        ignored: new Set(session.ignored === '' ? [] : session.ignored.split(',')),
        keywords: new KeywordFilter(keywordsOf(session.keywords)),
      },
    };
    this.kept.set(session.id, { session, rules });
    return rules;
  }
}
