import fc from 'fast-check';

/**
 * Generated requests for the property-based bad-input tests: bodies, path
 * parameters, query strings and headers an attacker would send. `npm test` runs a fixed seed
 * and a bounded number of cases; a longer search with fresh seeds:
 *
 *   PROPERTY_RUNS=2000 PROPERTY_SEED=random npm test -- --selectProjects integration \
 *     --testPathPatterns 'bad-input-properties'
 *
 * A failure prints its seed and path; PROPERTY_SEED=<seed> replays it.
 */
export function propertyParameters(): fc.Parameters<unknown> {
  const seedText = process.env.PROPERTY_SEED ?? '16';
  const seed = seedText === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (seedText === 'random') process.stdout.write(`property tests: PROPERTY_SEED=${seed}\n`);
  return { seed, numRuns: Number(process.env.PROPERTY_RUNS ?? 40), endOnFailure: true };
}

/** A route: its method and path, where `:id` takes a generated parameter. */
export interface PropertyRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

/** A 30,000-deep JSON array, written out (JSON.stringify would overflow this process's stack). */
export const DEEP_ARRAY = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;

const FIELDS = [
  'name',
  'keywords',
  'isActive',
  'isGreeted',
  'username',
  'reason',
  'role',
  'status',
  'theme',
  'language',
  'soundNotifications',
  'autoStartSessions',
  'obsMode',
  'announceSessionStatus',
  'defaultKeywords',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '["hi"]',
    '[1,2]',
    'editor',
    'accepted',
    'light',
    'de',
    'x'.repeat(5_000),
    '\ud800',
    '<script>alert(1)</script>',
  ),
);

const value = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** A request body as sent on the wire (undefined: none). */
export const bodyText: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 })
    .map((fields) => JSON.stringify(fields)),
  fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)),
  fc.constantFrom(DEEP_ARRAY, '{"name":', 'null', '[]', '""', '{"name":"a\\u0000b"}', '{'),
);

/** A path parameter: one of the ids the test knows, a fresh UUID, or a hostile segment. */
export function pathParameter(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    hostileString.map((text) => encodeURIComponent(text.toWellFormed()).slice(0, 200) || 'x'),
    fc.constantFrom('%00', '..', '%2e%2e', 'null', '00000000-0000-0000-0000-000000000000'),
  );
}

/** A query string, possibly with repeated or bracketed keys. */
export const queryText: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  hostileString.map((text) => `?username=${encodeURIComponent(text.toWellFormed())}`),
  fc.constantFrom('?username=a&username=b', '?username[x]=y', '?username=%00', '?a=1'),
);

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

/** Request headers besides the cookie and the app's own Origin. */
export const headers: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    'accept-encoding': fc.constantFrom('gzip', 'identity', 'br', '*'),
    'if-none-match': printable,
    'x-forwarded-for': printable,
    accept: printable,
  },
  { requiredKeys: [] },
);

/** One generated request to one of `routes`. */
export function requests(routes: PropertyRoute[], knownIds: string[]) {
  return fc.record({
    route: fc.constantFrom(...routes),
    id: pathParameter(knownIds),
    query: queryText,
    body: bodyText,
    headers,
  });
}

export type GeneratedRequest =
  ReturnType<typeof requests> extends fc.Arbitrary<infer T> ? T : never;

/** Sends a generated request; answers its status. */
export async function send(
  base: string,
  request: GeneratedRequest,
  fixed: Record<string, string>,
): Promise<number> {
  const path = request.route.path.replace(':id', request.id);
  const response = await fetch(`${base}${path}${request.query}`, {
    method: request.route.method,
    headers: { ...request.headers, ...fixed },
    body: request.route.method === 'GET' ? undefined : request.body,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}
