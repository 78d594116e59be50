import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { ChatterDto, ChatterView } from '@greetboard/contracts';
import { sessionsRoutesStack } from './sessions-routes.fixture.js';

/** More than the sessions service sends in one bus answer, so every stream spans pages. */
const SEEDED = 2_500;
const BULK_START = Date.UTC(2026, 0, 1);

/**
 * The screens' pages of a session's chatters and the streamed whole list and exports (ADR
 * 0050), over real HTTP, NATS and PostgreSQL, on a session of a few thousand chatters seeded
 * in one statement: every third greeted, every fiftieth banned.
 */
describe('chatter pages and streamed lists, over HTTP', () => {
  const stack = sessionsRoutesStack();
  const pagePath = (query = '') => `/api/sessions/${stack.sessionId}/chatters/page${query}`;
  const listPath = () => `/api/sessions/${stack.sessionId}/chatters`;
  const page = async (query = '') => {
    const answer = await stack.call('owner', 'GET', pagePath(query));
    expect(answer.status).toBe(200);
    return answer.body as ChatterView;
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      headers: { cookie: `greetboard_session=${stack.cookies.owner}`, ...headers },
    });
  /** Every chatter, oldest first, as the pages of 100 show it. */
  let all: ChatterDto[];

  beforeAll(async () => {
    await stack.start();
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO sessions.chatters
           (session_id, twitch_id, username, display_name, first_message, message_count,
            first_seen_at, last_seen_at, is_greeted, greeted_at, moderation, moderated_at)
         SELECT $1, 'bulk-' || i, 'bulk_' || lpad(i::text, 5, '0'),
                CASE WHEN i = 7 THEN 'Fifty%Off_' ELSE 'Bulk ' || i END, 'hello ' || i, 1,
                to_timestamp($2 / 1000.0) + i * interval '1 second',
                to_timestamp($2 / 1000.0) + i * interval '1 second',
                i % 3 = 0, CASE WHEN i % 3 = 0 THEN now() END,
                CASE WHEN i % 50 = 0 THEN 'banned' END, CASE WHEN i % 50 = 0 THEN now() END
           FROM generate_series(1, $3) AS i`,
        [stack.sessionId, BULK_START, SEEDED],
      );
      await db.query(`UPDATE sessions.sessions SET list_version = list_version + 1 WHERE id = $1`, [
        stack.sessionId,
      ]);
    } finally {
      await db.end();
    }
    all = [];
    for (let offset = 0; ; offset += 100) {
      const { chatters } = await page(`?limit=100&offset=${offset}`);
      all.push(...chatters);
      if (chatters.length < 100) break;
    }
  }, 120_000);
  afterAll(() => stack.stop());

  it('pages the whole session oldest first with the counts of "Showing a-b of n"', async () => {
    // The fixture's own chatter ("viewer") chatted now, after the bulk, which is in the past.
    const total = SEEDED + 1;
    expect(all).toHaveLength(total);
    expect(new Set(all.map((chatter) => chatter.id)).size).toBe(total);
    const seen = all.map((chatter) => Date.parse(chatter.firstSeenAt));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const greeted = all.filter((chatter) => chatter.isGreeted).length;
    expect(greeted).toBe(Math.floor(SEEDED / 3));
    // Banned before being greeted: neither greeted nor waiting.
    const excluded = all.filter((chatter) => !chatter.isGreeted && chatter.moderation).length;
    expect(excluded).toBeGreaterThan(0);
    const first = await page();
    expect(first).toMatchObject({
      total,
      greeted,
      pending: total - greeted - excluded,
      matching: total,
      offset: 0,
    });
    expect(first.chatters).toEqual(all.slice(0, 10));
    const last = await page(`?limit=30&offset=${total - 1}`);
    expect(last.chatters).toEqual(all.slice(-1));
  });

  it('orders newest first and pending first, and filters greeted, banned and names', async () => {
    expect((await page('?order=newest&limit=5')).chatters).toEqual(all.slice(-5).reverse());
    const pending = all.filter((chatter) => !chatter.isGreeted);
    const next = await page('?order=next&limit=100&offset=' + (pending.length - 50));
    expect(next.chatters).toEqual([
      ...pending.slice(-50),
      ...all.filter((chatter) => chatter.isGreeted).slice(0, 50),
    ]);
    const hidden = await page('?hideGreeted=true&hideModerated=true&limit=20');
    const shown = pending.filter((chatter) => !chatter.moderation);
    expect(hidden.matching).toBe(shown.length);
    expect(hidden.chatters).toEqual(shown.slice(0, 20));
    expect(hidden.total).toBe(all.length);
    // Any case, in the display name or the username; % and _ are letters, not wildcards.
    expect((await page('?search=%25off_')).chatters.map((c) => c.username)).toEqual(['bulk_00007']);
    expect((await page('?search=%20BULK_0249')).chatters.map((c) => c.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk_0249${i}`),
    );
    expect((await page('?search=bulk%25')).matching).toBe(0);
  });

  it.each([
    ['an unknown order', '?order=random'],
    ['a page longer than 100', '?limit=101'],
    ['a negative offset', '?offset=-1'],
    ['a switch that is not true or false', '?hideGreeted=1'],
    ['a search longer than 50', `?search=${'a'.repeat(51)}`],
    ['an unknown field', '?sort=asc'],
  ])('refuses %s with VALIDATION_FAILED', async (_label, query) => {
    const answer = await stack.call('owner', 'GET', pagePath(query));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers a page to editors and read links only, as the list', async () => {
    expect((await stack.call('editor', 'GET', pagePath())).status).toBe(200);
    const link = await stack.callThroughOverlay('owner', 'read', 'GET', pagePath());
    expect(link.status).toBe(200);
    for (const actor of ['approved', 'former'] as const) {
      const answer = await stack.call(actor, 'GET', pagePath());
      expect(answer).toEqual({
        status: 404,
        body: expect.objectContaining({ code: 'SESSION_NOT_FOUND' }),
      });
    }
  });

  it('streams the whole list as the pages show it, gzipped when accepted, 304 when unchanged', async () => {
    const plain = await get(listPath(), { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(all);
    const zipped = await get(listPath(), { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip: a body that was not one whole gzip stream would fail here.
    expect(await zipped.json()).toEqual(all);
    const etag = zipped.headers.get('etag')!;
    expect((await get(listPath(), { 'if-none-match': etag })).status).toBe(304);
  });

  it('streams both exports with one row per chatter', async () => {
    const csv = await get(`/api/sessions/${stack.sessionId}/export?format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n');
    expect(lines).toHaveLength(all.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(lines[2]).toContain(`"${all[1].username}"`);
    const json = await get(`/api/sessions/${stack.sessionId}/export?format=json`);
    const exported = (await json.json()) as { username: string; greeted: boolean }[];
    expect(exported.map((row) => [row.username, row.greeted])).toEqual(
      all.map((chatter) => [chatter.username, chatter.isGreeted]),
    );
  });

  it('counts a greet in the next page read', async () => {
    const before = await page('?hideGreeted=true');
    const chatter = before.chatters[0];
    const greet = await stack.call('owner', 'PUT', `/api/chatters/${chatter.id}/greet`, {
      isGreeted: true,
    });
    expect(greet.status).toBe(200);
    const after = await page('?hideGreeted=true');
    expect(after).toMatchObject({
      total: before.total,
      greeted: before.greeted + 1,
      pending: before.pending - 1,
      matching: before.matching - 1,
    });
    expect(after.chatters[0].id).toBe(before.chatters[1].id);
  });
});
