import type { ChatEmote } from '@greetboard/contracts/wire';

export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'emote'; id: string; code: string };

/**
 * Splits a chat message where Twitch's `emotes` tag places emotes. Twitch counts positions in
 * Unicode code points, JavaScript strings in UTF-16 units, so the text is split into code
 * points first ('🎉 Kappa': Kappa starts at code point 2, unit 3). Emotes that do not fit the
 * text (out of range, overlapping, out of order) are left as text.
 */
export function messageParts(text: string, emotes: readonly ChatEmote[]): MessagePart[] {
  const points = Array.from(text);
  const parts: MessagePart[] = [];
  let at = 0;
  for (const emote of emotes) {
    if (emote.start < at || emote.end < emote.start || emote.end >= points.length) continue;
    if (emote.start > at)
      parts.push({ kind: 'text', text: points.slice(at, emote.start).join('') });
    parts.push({
      kind: 'emote',
      id: emote.id,
      code: points.slice(emote.start, emote.end + 1).join(''),
    });
    at = emote.end + 1;
  }
  if (at < points.length) parts.push({ kind: 'text', text: points.slice(at).join('') });
  return parts;
}

/** The emote's image URL from the configured template (`{id}`, `{theme}`). */
export function emoteUrl(template: string, id: string, theme: 'light' | 'dark'): string {
  return template.replaceAll('{id}', encodeURIComponent(id)).replaceAll('{theme}', theme);
}
