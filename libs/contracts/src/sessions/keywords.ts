import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from '../wire/live-messages.js';

/** The longest `keywords` text a request may carry (a JSON list at its largest, with quoting). */
export const MAX_KEYWORDS_TEXT_LENGTH = MAX_KEYWORDS * (MAX_KEYWORD_LENGTH + 8) + 2;

export type KeywordsReading =
  { ok: true; keywords: string[] } | { ok: false; problem: 'too-many' | 'too-long' };

/**
 * Reads a session's `keywords`, a JSON-encoded list of strings. A malformed value (not JSON,
 * not a list, a list with non-strings) is an empty list, as the spec says; a list that breaks
 * the limits is refused so that it changes nothing. Keywords are trimmed, empty ones dropped
 * and duplicates (ignoring case) removed, keeping the first spelling.
 */
export function readKeywords(text: string | null | undefined): KeywordsReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    return { ok: true, keywords: [] };
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    return { ok: true, keywords: [] };
  }
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const raw of parsed) {
    const keyword = raw.trim();
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    if (keyword.length > MAX_KEYWORD_LENGTH) return { ok: false, problem: 'too-long' };
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  }
  if (keywords.length > MAX_KEYWORDS) return { ok: false, problem: 'too-many' };
  return { ok: true, keywords };
}

/** The keywords of a stored session; anything unreadable is an empty list. */
export function keywordsOf(text: string | null | undefined): string[] {
  const reading = readKeywords(text);
  return reading.ok ? reading.keywords : [];
}
