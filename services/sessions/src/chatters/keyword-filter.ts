/**
 * The keyword rule of ADR 0009: with no keywords every chat line counts; with keywords a line
 * counts when one of them occurs in it as whole words. Text is compared after Unicode NFKC
 * normalisation and lower-casing; words are runs of letters, digits, marks and underscores,
 * so punctuation, emoji and spacing around or inside a phrase do not matter, while a keyword
 * never matches inside a longer word ("hi" does not match "this"). A keyword with no word
 * characters at all (an emoji, "!!") matches as a plain case-insensitive substring.
 */

const WORD = /[\p{L}\p{N}\p{M}_]+/gu;

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function wordsOf(text: string): string[] {
  return normalise(text).match(WORD) ?? [];
}

type CompiledKeyword = { words: string[] } | { substring: string };

/** Keywords prepared once per session, applied to every line. */
export class KeywordFilter {
  private readonly keywords: CompiledKeyword[];

  constructor(keywords: readonly string[]) {
    this.keywords = keywords
      .map((keyword) => keyword.trim())
      .filter((keyword) => keyword.length > 0)
      .map((keyword) => {
        const words = wordsOf(keyword);
        return words.length > 0 ? { words } : { substring: normalise(keyword) };
      });
  }

  /** Whether a line with this text registers its chatter. */
  matches(text: string): boolean {
    if (this.keywords.length === 0) return true;
    let lineWords: string[] | undefined;
    let lineText: string | undefined;
    for (const keyword of this.keywords) {
      if ('substring' in keyword) {
        lineText ??= normalise(text);
        if (lineText.includes(keyword.substring)) return true;
      } else {
        lineWords ??= wordsOf(text);
        if (containsRun(lineWords, keyword.words)) return true;
      }
    }
    return false;
  }
}

function containsRun(haystack: string[], needle: string[]): boolean {
  const last = haystack.length - needle.length;
  outer: for (let start = 0; start <= last; start++) {
    for (let offset = 0; offset < needle.length; offset++) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return true;
  }
  return false;
}
