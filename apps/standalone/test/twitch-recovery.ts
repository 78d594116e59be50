import { expect } from '@jest/globals';
import { waitFor } from '@greetboard/testing';

/**
 * Chat after Twitch comes back, measured the same way in every runtime: what Twitch (the
 * emulator) delivered is what the sessions must count, once each. IRC has no replay, so a
 * line Twitch sent while no reader was joined is lost by design; the emulator tells, per
 * line, whether it reached at least one connection.
 */
export interface ChatUnderTest {
  /** The emulator's HTTP origin (its control API). */
  emulatorUrl: string;
  /** The monitored channels (streamer logins). */
  channels: readonly string[];
  /** message_count per chatter login in the channel's session. */
  counts(channel: string): Promise<Record<string, number>>;
}

export interface RecoveryReport {
  /** From Twitch answering again to the first line of `tag` counted by sessions. */
  firstCountedMs: number;
  /** From Twitch answering again to every channel joined (GET /control/clients). */
  rejoinedMs: number;
  /** Lines sent from Twitch answering again on. */
  sent: number;
  /** Lines no connection was joined to receive: Twitch's gap, never counted. */
  sentWhileNoReaderJoined: number;
  /** Lines that reached a reader, per channel and chatter: what sessions must show. */
  expected: Record<string, Record<string, number>>;
  /** What sessions show for the chatters of `tag`, per channel. */
  counted: Record<string, Record<string, number>>;
}

/** A call to the emulator's control API; throws with the emulator's answer unless 2xx. */
export async function control(
  emulatorUrl: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${emulatorUrl}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Channels some IRC connection has had its JOIN answered for, in the emulator's view. */
export async function joinedChannels(emulatorUrl: string): Promise<Set<string>> {
  const clients = (await control(emulatorUrl, 'GET', '/control/clients')) as {
    data: { channels: string[] }[];
  };
  return new Set(clients.data.flatMap((client) => client.channels));
}

/** Injects one chat line; answers whether it reached at least one connection. */
export async function sendLine(
  emulatorUrl: string,
  channel: string,
  login: string,
  text: string,
): Promise<boolean> {
  const answer = (await control(emulatorUrl, 'POST', `/control/channels/${channel}/messages`, {
    messages: [{ login, text }],
  })) as { connections: number };
  return answer.connections > 0;
}

/** How often a line goes to every channel while waiting for the recovery. */
const PROBE_INTERVAL_MS = 200;
/** Lines per channel sent once every channel is joined again and a line was counted. */
const LINES_AFTER_RECOVERY = 10;
/** Chatters per channel the lines come from, so new chatters and repeat lines both count. */
const CHATTERS = 3;

/**
 * From `answeredAt` on (the moment Twitch answers again), sends a line to every channel every
 * PROBE_INTERVAL_MS as chatters named `<tag>_<channel index>_<n>`, until every channel is
 * joined and a line was counted (within `deadlineMs`), then LINES_AFTER_RECOVERY more per
 * channel; then waits up to `drainMs` until sessions shows exactly the lines that reached a
 * reader, and answers the figures (the caller asserts them).
 */
export async function measureRecovery(
  chat: ChatUnderTest,
  answeredAt: number,
  tag: string,
  { deadlineMs = 30_000, drainMs = 15_000 } = {},
): Promise<RecoveryReport> {
  const expected: Record<string, Record<string, number>> = {};
  for (const channel of chat.channels) expected[channel] = {};
  let sent = 0;
  let undelivered = 0;
  const send = async (channel: string) => {
    const index = chat.channels.indexOf(channel);
    const login = `${tag}_${index}_${sent % CHATTERS}`;
    const line = sent++;
    if (await sendLine(chat.emulatorUrl, channel, login, `${tag} line ${line}`))
      expected[channel][login] = (expected[channel][login] ?? 0) + 1;
    else undelivered++;
  };
  const countedOf = async (channel: string) =>
    Object.fromEntries(
      Object.entries(await chat.counts(channel)).filter(([login]) => login.startsWith(`${tag}_`)),
    );

  let rejoinedMs: number | undefined;
  let firstCountedMs: number | undefined;
  await waitFor(
    async () => {
      if (rejoinedMs === undefined) {
        const joined = await joinedChannels(chat.emulatorUrl);
        if (chat.channels.every((channel) => joined.has(channel)))
          rejoinedMs = Date.now() - answeredAt;
      }
      if (firstCountedMs === undefined) {
        for (const channel of chat.channels) {
          if (Object.keys(await countedOf(channel)).length > 0) {
            firstCountedMs = Date.now() - answeredAt;
            break;
          }
        }
      }
      if (rejoinedMs !== undefined && firstCountedMs !== undefined) return true;
      await Promise.all(chat.channels.map(send));
      return false;
    },
    {
      timeoutMs: deadlineMs,
      intervalMs: PROBE_INTERVAL_MS,
      what: `every channel joined and a line counted (${tag})`,
    },
  ).catch(async (error: unknown) => {
    const joined = await joinedChannels(chat.emulatorUrl);
    const faults = await control(chat.emulatorUrl, 'GET', '/control/faults');
    throw new Error(
      `${String(error)}: joined ${JSON.stringify([...joined])} of ${JSON.stringify(chat.channels)}` +
        `, first line counted after ${firstCountedMs ?? 'never'} ms; faults ${JSON.stringify(faults)}`,
    );
  });
  for (let i = 0; i < LINES_AFTER_RECOVERY; i++) await Promise.all(chat.channels.map(send));

  const counted: Record<string, Record<string, number>> = {};
  const matches = async () => {
    for (const channel of chat.channels) counted[channel] = await countedOf(channel);
    return chat.channels.every((channel) => sameCounts(counted[channel], expected[channel]));
  };
  // The caller's assertion shows the difference when the counts never match.
  await waitFor(matches, { timeoutMs: drainMs, intervalMs: 250 }).catch(() => undefined);
  return {
    firstCountedMs: firstCountedMs ?? Number.NaN,
    rejoinedMs: rejoinedMs ?? Number.NaN,
    sent,
    sentWhileNoReaderJoined: undelivered,
    expected,
    counted,
  };
}

/** The same message_count per chatter login. */
export function sameCounts(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The JOIN latency of the slow-JOIN scenario: far beyond tmi.js's own 600 ms join timeout. */
export const SLOW_JOIN_MS = 2_500;
/** Twitch unreachable this long in the outage scenario. */
export const OUTAGE_MS = 180_000;

/**
 * Every JOIN answered SLOW_JOIN_MS late, and every connection dropped: the readers reconnect at
 * once (Twitch answers), and each channel's JOIN is confirmed only after the delay.
 */
export async function expectRecoveryFromSlowJoins(chat: ChatUnderTest, runtime: string) {
  await control(chat.emulatorUrl, 'POST', '/control/faults', {
    kind: 'join-delay',
    delayMs: SLOW_JOIN_MS,
  });
  const answeredAt = Date.now();
  await control(chat.emulatorUrl, 'POST', '/control/faults', { kind: 'drop' });
  const report = await measureRecovery(chat, answeredAt, 'slow');
  await control(chat.emulatorUrl, 'DELETE', '/control/faults');
  expectRecovered(report, `${runtime}: JOINs ${SLOW_JOIN_MS} ms late`);
}

/**
 * Twitch unreachable for `durationMs` (every connection dropped, new ones refused, memberships
 * forgotten), then back: chat sent afterwards is counted, chat sent meanwhile reaches nobody.
 */
export async function expectRecoveryFromOutage(
  chat: ChatUnderTest,
  runtime: string,
  durationMs = OUTAGE_MS,
) {
  const url = chat.emulatorUrl;
  const outage = (await control(url, 'POST', '/control/faults', {
    kind: 'outage',
    durationMs,
    mode: 'refuse',
  })) as { endsAt: string; dropped: number };
  expect(outage.dropped).toBeGreaterThan(0);
  // Lines sent during the outage reach no reader, and so can never be counted.
  for (const [index, channel] of chat.channels.entries())
    expect({
      channel,
      delivered: await sendLine(url, channel, `down_${index}`, 'anyone?'),
    }).toEqual({ channel, delivered: false });
  const answeredAt = Date.parse(outage.endsAt);
  await waitFor(
    async () =>
      ((await control(url, 'GET', '/control/faults')) as { outage: unknown }).outage === null,
    { timeoutMs: durationMs + 10_000, intervalMs: 100, what: 'the outage to end' },
  );
  const report = await measureRecovery(chat, answeredAt, 'back');
  expectRecovered(report, `${runtime}: ${durationMs} ms outage`);
  for (const channel of chat.channels) {
    const down = Object.keys(await chat.counts(channel)).filter((login) =>
      login.startsWith('down_'),
    );
    expect({ channel, countedFromTheOutage: down }).toEqual({ channel, countedFromTheOutage: [] });
  }
}

function expectRecovered(report: RecoveryReport, what: string): void {
  const { expected, counted, ...figures } = report;
  const total = (byChannel: Record<string, Record<string, number>>) =>
    Object.values(byChannel)
      .flatMap((perChatter) => Object.values(perChatter))
      .reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `[recovery] ${what}: ${JSON.stringify({ ...figures, reachedAReader: total(expected), counted: total(counted) })}\n`,
  );
  // Exactly the lines that reached a reader, each once, per channel and chatter.
  expect(counted).toEqual(expected);
  // The figures printed above say by how much a deadline was missed.
  expect(report.rejoinedMs).toBeLessThan(10_000);
  expect(report.firstCountedMs).toBeLessThan(15_000);
}
