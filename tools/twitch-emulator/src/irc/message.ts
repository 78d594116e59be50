/** IRCv3 message parsing and formatting as Twitch uses it (https://ircv3.net/specs/extensions/message-tags). */

export interface IrcMessage {
  readonly tags: ReadonlyMap<string, string>;
  readonly prefix?: string;
  readonly command: string;
  readonly params: readonly string[];
}

export type IrcTags = Readonly<Record<string, string>>;

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  ';': '\\:',
  ' ': '\\s',
  '\r': '\\r',
  '\n': '\\n',
};
const UNESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  ':': ';',
  s: ' ',
  r: '\r',
  n: '\n',
};

export function escapeTagValue(value: string): string {
  return value.replace(/[\\; \r\n]/g, (char) => ESCAPES[char] ?? char);
}

export function unescapeTagValue(value: string): string {
  // A trailing lone backslash is dropped and unknown escapes keep the escaped character, per spec.
  return value.replace(/\\(.?)/gs, (_, char: string) => UNESCAPES[char] ?? char);
}

/** Tags in alphabetical order, the order Twitch sends them in. */
export function formatTags(tags: IrcTags): string {
  const keys = Object.keys(tags).sort();
  return keys.map((key) => `${key}=${escapeTagValue(tags[key] ?? '')}`).join(';');
}

export function withTags(tags: IrcTags, rest: string): string {
  return `@${formatTags(tags)} ${rest}`;
}

/** Removes the `@tags ` part for connections that did not request the tags capability. */
export function stripTags(line: string): string {
  if (line.charCodeAt(0) !== 64 /* @ */) return line;
  const space = line.indexOf(' ');
  return space < 0 ? '' : line.slice(space + 1);
}

/** Parses one line (without CRLF); undefined when the line has no command. */
export function parseIrcLine(line: string): IrcMessage | undefined {
  let rest = line;
  const tags = new Map<string, string>();
  if (rest.startsWith('@')) {
    const space = rest.indexOf(' ');
    if (space < 0) return undefined;
    for (const pair of rest.slice(1, space).split(';')) {
      if (!pair) continue;
      const equals = pair.indexOf('=');
      if (equals < 0) tags.set(pair, '');
      else tags.set(pair.slice(0, equals), unescapeTagValue(pair.slice(equals + 1)));
    }
    rest = rest.slice(space + 1).trimStart();
  }
  let prefix: string | undefined;
  if (rest.startsWith(':')) {
    const space = rest.indexOf(' ');
    if (space < 0) return undefined;
    prefix = rest.slice(1, space);
    rest = rest.slice(space + 1).trimStart();
  }
  const params: string[] = [];
  let command = '';
  while (rest.length > 0) {
    if (command && rest.startsWith(':')) {
      params.push(rest.slice(1));
      break;
    }
    const space = rest.indexOf(' ');
    const word = space < 0 ? rest : rest.slice(0, space);
    if (!command) command = word;
    else params.push(word);
    rest = space < 0 ? '' : rest.slice(space + 1).trimStart();
  }
  if (!command) return undefined;
  return { tags, prefix, command: command.toUpperCase(), params };
}

/**
 * The longest line a client may send, in UTF-8 bytes without CRLF. Generous: IRCv3 caps a client's
 * tags at 4096 bytes and RFC 1459 the rest at 512. Twitch disconnects a client that sends more
 * (justintv/Twitch-API#433) rather than buffering or answering it.
 */
export const MAX_CLIENT_LINE_BYTES = 8192;

export function exceedsLineLimit(line: string, maxBytes = MAX_CLIENT_LINE_BYTES): boolean {
  // A UTF-16 code unit is at most three UTF-8 bytes, so short lines skip the byte count.
  return line.length * 3 > maxBytes && Buffer.byteLength(line, 'utf8') > maxBytes;
}

/**
 * Splits a TCP stream into lines, keeping a partial line until its CRLF arrives. A line over the
 * limit, complete or still growing, ends the stream: the lines before it are returned, the rest is
 * dropped and `overflowed` turns true, so a client that never sends CRLF cannot grow the buffer.
 */
export class LineSplitter {
  private partial = '';
  private tooLong = false;

  constructor(private readonly maxLineBytes = MAX_CLIENT_LINE_BYTES) {}

  get overflowed(): boolean {
    return this.tooLong;
  }

  push(chunk: string): string[] {
    if (this.tooLong) return [];
    const lines = (this.partial + chunk).split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    const overlong = lines.findIndex((line) => exceedsLineLimit(line, this.maxLineBytes));
    if (overlong >= 0 || exceedsLineLimit(this.partial, this.maxLineBytes)) {
      this.tooLong = true;
      this.partial = '';
      if (overlong >= 0) lines.length = overlong;
    }
    return lines.filter((line) => line.length > 0);
  }
}

/** A WebSocket frame holds whole lines; a final line without CRLF is complete (tmi.js sends those). */
export function splitFrame(frame: string): string[] {
  return frame.split(/\r?\n/).filter((line) => line.length > 0);
}
