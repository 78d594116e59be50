import { type SeededRandom } from '../state/random.js';

/** Everyday chat, short and lowercase, the way most Twitch chat looks. */
export const PHRASES: readonly string[] = [
  'hi chat',
  'hello everyone',
  'first time here, love the vibe',
  'lets gooo',
  'that was close',
  'gg',
  'what game is this?',
  'how long have you been streaming today?',
  'back from work, what did I miss',
  'the music is great',
  'no way',
  'clip it!',
  'good morning from Berlin',
  'is this a new setup?',
  'you got this',
  'lol',
  'W',
  'nice play',
  'can you say hi to my friend?',
  'this boss is brutal',
];

export const EMOTE_WORDS: readonly string[] = [
  'Kappa',
  'LUL',
  'PogChamp',
  'HeyGuys',
  'Kreygasm',
  '<3',
  'SeemsGood',
];

/** Multi-byte text that trips naive parsers: emoji with ZWJ, CJK, right-to-left, combining marks. */
export const UNICODE_WORDS: readonly string[] = [
  '👋',
  '🔥🔥',
  '👩‍💻',
  'こんにちは',
  '你好',
  'مرحبا',
  'שלום',
  'Ñandú',
  'e\u0301',
  'Привет',
];

export const LOCALIZED_DISPLAY_NAMES: readonly string[] = [
  '김민준',
  '佐藤',
  '王芳',
  'Мария',
  'أحمد',
];

export interface TextStyle {
  readonly emotes: boolean;
  readonly unicode: boolean;
  readonly longLines: boolean;
}

/** One chat message body; `/me` actions appear now and then as on Twitch. */
export function chatText(random: SeededRandom, style: TextStyle): string {
  const words = random.pick(PHRASES).split(' ');
  if (style.emotes && random.chance(0.5))
    words.splice(random.int(words.length + 1), 0, random.pick(EMOTE_WORDS));
  if (style.unicode && random.chance(0.5))
    words.splice(random.int(words.length + 1), 0, random.pick(UNICODE_WORDS));
  let text = words.join(' ');
  if (style.longLines && random.chance(0.2)) text = maximumLength(random, text);
  return random.chance(0.03) ? `\x01ACTION ${text}\x01` : text;
}

/** Twitch's limit on a chat message, in characters (code points). */
const MAX_MESSAGE_LENGTH = 500;

/**
 * Pads a message to exactly Twitch's 500-character limit, the line that probes buffering and
 * wrapping. The cut falls in the ASCII padding, so no emoji or combining sequence is split.
 */
function maximumLength(random: SeededRandom, start: string): string {
  const chars = [...start];
  while (chars.length < MAX_MESSAGE_LENGTH) chars.push(' ', ...random.pick(PHRASES));
  chars.length = MAX_MESSAGE_LENGTH;
  // Twitch trims trailing spaces, so a message never ends in one.
  if (chars[MAX_MESSAGE_LENGTH - 1] === ' ') chars[MAX_MESSAGE_LENGTH - 1] = '!';
  return chars.join('');
}
