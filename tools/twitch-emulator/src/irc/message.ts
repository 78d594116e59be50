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

/** Splits a TCP stream into lines, keeping a partial line until its CRLF arrives. */
export class LineSplitter {
  private partial = '';

  push(chunk: string): string[] {
    const text = this.partial + chunk;
    const lines = text.split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    return lines.filter((line) => line.length > 0);
  }
}

/** A WebSocket frame holds whole lines; a final line without CRLF is complete (tmi.js sends those). */
export function splitFrame(frame: string): string[] {
  return frame.split(/\r?\n/).filter((line) => line.length > 0);
}
