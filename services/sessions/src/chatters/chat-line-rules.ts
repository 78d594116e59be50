import type { ChatLineReceived } from '@greetboard/contracts';
import { isKnownBot } from './known-bots.js';
import type { KeywordFilter } from './keyword-filter.js';

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
