/** Session keywords travel as a JSON-encoded list; anything malformed counts as no keywords. */
export function parseKeywords(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds a keyword when it is non-empty after trimming and not already listed. */
export function addKeyword(keywords: readonly string[], candidate: string): string[] {
  const keyword = candidate.trim();
  if (!keyword || keywords.includes(keyword)) return [...keywords];
  return [...keywords, keyword];
}

export const VISIBLE_ROW_KEYWORDS = 3;

/** The first three keywords of a session row and how many more there are. */
export function keywordPreview(keywords: readonly string[], visible = VISIBLE_ROW_KEYWORDS) {
  return { shown: keywords.slice(0, visible), more: Math.max(0, keywords.length - visible) };
}
