import { describe, expect, it } from '@jest/globals';
import type { ChatterDto } from '@greetboard/contracts';
import {
  chattersCsv,
  csvCell,
  exportFileName,
  exportJson,
  toExportedChatter,
  type ExportedChatter,
} from './chatter-export.js';

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

const chatter = (overrides: Partial<ChatterDto> = {}): ChatterDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
  username: 'ada',
  twitchId: '1',
  displayName: 'Ada',
  profileImage: null,
  firstMessage: 'hello, "world"',
  messageCount: 3,
  firstSeenAt: '2026-03-29T00:30:00.000Z',
  lastSeenAt: '2026-03-29T00:31:00.000Z',
  isGreeted: true,
  greetedAt: '2026-03-29T00:35:00.000Z',
  greetedBy: '00000000-0000-4000-8000-000000000003',
  greetedByUser: { displayName: 'Streamer', profileImage: null },
  isFirstTimeChatter: true,
  isReturningChatter: false,
  raidId: null,
  firstMessageEmotes: [],
  lastSeenBeforeAt: null,
  sessionsSeen: 1,
  moderation: null,
  moderatedAt: null,
  timeoutEndsAt: null,
  firstMessageDeleted: false,
  ...overrides,
});

/** A minimal RFC 4180 reader, to read the export back the way a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('chatter export', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
  });

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])(
    'escapes %j so spreadsheets show it as text',
    (text) => {
      expect(csvCell(text)).toBe(`"'${text}"`);
    },
  );

  it('writes a UTF-8 BOM, a header and one CRLF line per chatter that reads back', async () => {
    const csv = await text(
      chattersCsv([
        [toExportedChatter(chatter())],
        [],
        [
          toExportedChatter(
            chatter({
              displayName: 'Zoë ✨',
              firstMessage: '=HYPERLINK("http://x")\nsecond line',
              isGreeted: false,
              greetedAt: null,
              greetedByUser: null,
              isFirstTimeChatter: false,
              isReturningChatter: true,
            }),
          ),
        ],
      ]),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual([
      'Name',
      'Username',
      'First message',
      'First seen',
      'Message count',
      'First-time chatter',
      'Returning chatter',
      'Greeted',
      'Greeted by',
      'Greeted at',
    ]);
    expect(rows[1]).toEqual([
      'Ada',
      'ada',
      'hello, "world"',
      '2026-03-29T00:30:00.000Z',
      '3',
      'true',
      'false',
      'true',
      'Streamer',
      '2026-03-29T00:35:00.000Z',
    ]);
    expect(rows[2].slice(0, 3)).toEqual(['Zoë ✨', 'ada', `'=HYPERLINK("http://x")\nsecond line`]);
    expect(rows[2].slice(7)).toEqual(['false', '', '']);
    expect(rows).toHaveLength(3);
  });

  it('streams the JSON export page by page as the indented JSON of the whole list', async () => {
    const pages: ExportedChatter[][] = [
      [toExportedChatter(chatter()), toExportedChatter(chatter({ username: 'bo' }))],
      [],
      [toExportedChatter(chatter({ firstMessage: 'line\nbreak' }))],
    ];
    expect(await text(exportJson(pages))).toBe(JSON.stringify(pages.flat(), null, 2));
    expect(await text(exportJson([]))).toBe(JSON.stringify([], null, 2));
    expect(await text(exportJson([[]]))).toBe('[]');
  });

  it('names the file after the session in safe ASCII', () => {
    const at = new Date('2026-03-29T12:00:00Z');
    expect(exportFileName('Über Stream #1 "live"', at, 'csv')).toBe(
      'greetboard-uber-stream-1-live-2026-03-29.csv',
    );
    expect(exportFileName('✨✨', at, 'json')).toBe('greetboard-session-2026-03-29.json');
  });
});
