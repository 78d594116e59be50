import type { ChatterDto } from '@greetboard/contracts';

/** One chatter of a session export, as both CSV and JSON carry it. */
export interface ExportedChatter {
  name: string;
  username: string;
  firstMessage: string;
  firstSeen: string;
  messageCount: number;
  firstTimeChatter: boolean;
  returningChatter: boolean;
  greeted: boolean;
  greetedBy: string | null;
  greetedAt: string | null;
}

export const EXPORT_COLUMNS: { key: keyof ExportedChatter; header: string }[] = [
  { key: 'name', header: 'Name' },
  { key: 'username', header: 'Username' },
  { key: 'firstMessage', header: 'First message' },
  { key: 'firstSeen', header: 'First seen' },
  { key: 'messageCount', header: 'Message count' },
  { key: 'firstTimeChatter', header: 'First-time chatter' },
  { key: 'returningChatter', header: 'Returning chatter' },
  { key: 'greeted', header: 'Greeted' },
  { key: 'greetedBy', header: 'Greeted by' },
  { key: 'greetedAt', header: 'Greeted at' },
];

export function toExportedChatter(chatter: ChatterDto): ExportedChatter {
  return {
    name: chatter.displayName,
    username: chatter.username,
    firstMessage: chatter.firstMessage,
    firstSeen: chatter.firstSeenAt,
    messageCount: chatter.messageCount,
    firstTimeChatter: chatter.isFirstTimeChatter,
    returningChatter: chatter.isReturningChatter,
    greeted: chatter.isGreeted,
    greetedBy: chatter.isGreeted ? (chatter.greetedByUser?.displayName ?? null) : null,
    greetedAt: chatter.isGreeted ? chatter.greetedAt : null,
  };
}

/** Spreadsheets run a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: always quoted (quotes doubled), and a text a spreadsheet would read as a
 * formula is prefixed with an apostrophe, which spreadsheets show as text.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * UTF-8 with a byte-order mark (so spreadsheets pick UTF-8), CRLF line ends (RFC 4180); a
 * chunk per page of chatters, so an export of any size streams.
 */
export async function* chattersCsv(
  pages: AsyncIterable<ExportedChatter[]> | Iterable<ExportedChatter[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${EXPORT_COLUMNS.map((column) => csvCell(column.header)).join(',')}\r\n`;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield page
      .map(
        (chatter) =>
          `${EXPORT_COLUMNS.map((column) => csvCell(chatter[column.key])).join(',')}\r\n`,
      )
      .join('');
  }
}

/** The JSON export, indented by two spaces (as `JSON.stringify(list, null, 2)`), a chunk per page. */
export async function* exportJson(
  pages: AsyncIterable<ExportedChatter[]> | Iterable<ExportedChatter[]>,
): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = page.map(
      (chatter) => `  ${JSON.stringify(chatter, null, 2).replace(/\n/g, '\n  ')}`,
    );
    yield (first ? '[\n' : ',\n') + items.join(',\n');
    first = false;
  }
  yield first ? '[]' : '\n]';
}

/** `greetboard-<session name>-<date>.<ext>`, the name reduced to safe ASCII. */
export function exportFileName(sessionName: string, date: Date, extension: string): string {
  const slug =
    sessionName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'session';
  return `greetboard-${slug}-${date.toISOString().slice(0, 10)}.${extension}`;
}
