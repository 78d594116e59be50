import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import tmi from 'tmi.js';
import {
  toChatLine,
  toClearChatRecord,
  toDeletedMessageRecord,
  toRaidRecord,
  toSubscriptionLine,
} from './chat-line-parser.js';

const tmiParser = createRequire(import.meta.url)('tmi.js/lib/parser.js') as {
  msg(raw: string): unknown;
};

const userstate = {
  id: 'b34ccfc7-4977-403a-8a94-33c6bac34fb8',
  'user-id': '1337',
  'room-id': '42',
  username: 'ronni',
  'display-name': 'Ronni',
  color: '#0D4200',
  badges: { subscriber: '12', premium: '1' },
  'tmi-sent-ts': '1507246572675',
  'first-msg': true,
  'returning-chatter': false,
};

describe('toChatLine', () => {
  it('keeps every field a chatter needs', () => {
    expect(toChatLine('#Streamer', userstate, 'Kappa Keepo Kappa')).toEqual({
      id: userstate.id,
      channel: 'streamer',
      channelId: '42',
      userId: '1337',
      login: 'ronni',
      displayName: 'Ronni',
      text: 'Kappa Keepo Kappa',
      sentAt: 1507246572675,
      firstMessage: true,
      returningChatter: false,
      color: '#0D4200',
      badges: { subscriber: '12', premium: '1' },
    });
  });

  it('reads Twitch flags sent as "1" and "0"', () => {
    const line = toChatLine(
      '#s',
      { ...userstate, 'first-msg': '0', 'returning-chatter': '1' },
      'hi',
    );
    expect(line).toMatchObject({ firstMessage: false, returningChatter: true });
  });

  it('keeps emote positions in code points, sorted, from tmi.js parse of the emotes tag', () => {
    // '🎉' is one code point but two UTF-16 units: Kappa starts at code point 2, unit 3.
    const text = '🎉 Kappa <3 Kappa';
    const line = toChatLine(
      '#s',
      { ...userstate, emotes: { '25': ['11-15', '2-6'], '9': ['8-9'] } },
      text,
    );
    expect(line?.emotes).toEqual([
      { id: '25', start: 2, end: 6 },
      { id: '9', start: 8, end: 9 },
      { id: '25', start: 11, end: 15 },
    ]);
  });

  it('drops an emotes tag that does not fit the text, keeping the line', () => {
    const line = toChatLine('#s', { ...userstate, emotes: { '25': ['3-7'] } }, '🎉 Kappa');
    expect(line).toBeDefined();
    expect(line?.emotes).toBeUndefined();
  });

  it('drops lines without a message id or user id', () => {
    expect(toChatLine('#s', { ...userstate, id: undefined }, 'hi')).toBeUndefined();
    expect(toChatLine('#s', { ...userstate, 'user-id': undefined }, 'hi')).toBeUndefined();
    expect(toChatLine('#s', { ...userstate, username: 'Not A Login!' }, 'hi')).toBeUndefined();
  });
});

/** USERNOTICE tags as tmi.js hands them over ('1' and '0' already turned into booleans). */
const notice = {
  id: '6c0a4a51-0a4b-4c52-8a43-3b4f5b0a6d11',
  'user-id': '7001',
  'room-id': '42',
  login: 'raidboss',
  'display-name': 'RaidBoss',
  color: '#FF0000',
  badges: { subscriber: '3' },
  'tmi-sent-ts': '1507246572675',
  'msg-id': 'raid',
  'system-msg': '150 raiders from RaidBoss have joined!',
  'msg-param-viewerCount': '150',
};

describe('toRaidRecord', () => {
  it('keeps the raider, the viewer count and the time, and is no chat line', () => {
    expect(toRaidRecord('#Streamer', notice)).toEqual({
      id: notice.id,
      channel: 'streamer',
      channelId: '42',
      userId: '7001',
      login: 'raidboss',
      displayName: 'RaidBoss',
      text: '150 raiders from RaidBoss have joined!',
      sentAt: 1507246572675,
      firstMessage: false,
      returningChatter: false,
      color: '#FF0000',
      badges: { subscriber: '3' },
      raidViewerCount: 150,
    });
  });

  it('reads a raid of one viewer, which tmi.js turns into true', () => {
    expect(toRaidRecord('#s', { ...notice, 'msg-param-viewerCount': true })).toMatchObject({
      raidViewerCount: 1,
    });
  });

  it('drops a raid without a usable viewer count, message id or raider', () => {
    expect(toRaidRecord('#s', { ...notice, 'msg-param-viewerCount': 'many' })).toBeUndefined();
    expect(toRaidRecord('#s', { ...notice, 'msg-param-viewerCount': '-3' })).toBeUndefined();
    expect(toRaidRecord('#s', { ...notice, 'msg-param-viewerCount': undefined })).toBeUndefined();
    expect(toRaidRecord('#s', { ...notice, id: undefined })).toBeUndefined();
    expect(toRaidRecord('#s', { ...notice, login: undefined })).toBeUndefined();
  });
});

describe('toSubscriptionLine', () => {
  const resub = {
    ...notice,
    login: 'ronni',
    'display-name': 'Ronni',
    'user-id': '1337',
    'msg-id': 'resub',
    'system-msg': "Ronni subscribed at Tier 1. They've subscribed for 12 months!",
    'msg-param-viewerCount': undefined,
  };

  it('makes a resub a chat line of the subscriber with their own message', () => {
    const line = toSubscriptionLine('#Streamer', resub, 'a year already PogChamp');
    expect(line).toMatchObject({
      id: notice.id,
      channel: 'streamer',
      userId: '1337',
      login: 'ronni',
      displayName: 'Ronni',
      text: 'a year already PogChamp',
      sentAt: 1507246572675,
      firstMessage: false,
      subscription: 'resub',
    });
    expect(line).not.toHaveProperty('raidViewerCount');
  });

  it("counts a sub without a message as a line with Twitch's system message", () => {
    const sub = { ...resub, 'msg-id': 'sub', 'system-msg': 'Ronni subscribed at Tier 1.' };
    expect(toSubscriptionLine('#s', sub, null)).toMatchObject({
      login: 'ronni',
      text: 'Ronni subscribed at Tier 1.',
      subscription: 'sub',
    });
    expect(toSubscriptionLine('#s', sub, '   ')).toMatchObject({
      text: 'Ronni subscribed at Tier 1.',
    });
  });

  it('drops a notice without a message id or subscriber', () => {
    expect(toSubscriptionLine('#s', { ...resub, id: undefined }, 'hi')).toBeUndefined();
    expect(toSubscriptionLine('#s', { ...resub, 'user-id': undefined }, 'hi')).toBeUndefined();
    expect(toSubscriptionLine('#s', { ...resub, login: undefined }, 'hi')).toBeUndefined();
  });
});

/**
 * Feeds one raw IRC line, as Twitch sends it, through tmi.js and answers the arguments of the
 * event it emits: the tags exactly as tmi.js hands them to the connection.
 */
function tmiEvent(raw: string, event: string): unknown[] {
  const client = new tmi.Client({ options: { skipMembership: true } });
  const seen: unknown[][] = [];
  client.on(event as 'ban', (...args: unknown[]) => seen.push(args));
  (client as unknown as { handleMessage(message: unknown): void }).handleMessage(
    tmiParser.msg(raw),
  );
  expect(seen).toHaveLength(1);
  return seen[0];
}

describe('moderation records', () => {
  const ban =
    '@room-id=12345678;target-user-id=87654321;tmi-sent-ts=1642715756806 :tmi.twitch.tv CLEARCHAT #dallas :ronni';
  const timeout =
    '@ban-duration=350;room-id=12345678;target-user-id=87654321;tmi-sent-ts=1642719320727 :tmi.twitch.tv CLEARCHAT #dallas :ronni';
  const cleared = '@room-id=12345678;tmi-sent-ts=1642715695392 :tmi.twitch.tv CLEARCHAT #dallas';
  const deleted =
    '@login=foo;room-id=;target-msg-id=94e6c7ff-bf98-4faa-af5d-7ad633a158a9;tmi-sent-ts=1642720582342 :tmi.twitch.tv CLEARMSG #bar :what a great day';

  it("reads Twitch's ban (CLEARCHAT with a target and no duration)", () => {
    const [channel, login, , tags] = tmiEvent(ban, 'ban') as [string, string, null, object];
    expect(toClearChatRecord(channel, login, tags)).toEqual({
      id: 'clearchat:12345678:87654321:1642715756806',
      channel: 'dallas',
      channelId: '12345678',
      userId: '87654321',
      login: 'ronni',
      displayName: 'ronni',
      text: '',
      sentAt: 1642715756806,
      firstMessage: false,
      returningChatter: false,
      moderation: 'ban',
    });
  });

  it("reads Twitch's timeout with its duration in seconds", () => {
    const [channel, login, , , tags] = tmiEvent(timeout, 'timeout') as [
      string,
      string,
      null,
      number,
      object,
    ];
    expect(toClearChatRecord(channel, login, tags)).toMatchObject({
      id: 'clearchat:12345678:87654321:1642719320727',
      userId: '87654321',
      login: 'ronni',
      moderation: 'timeout',
      timeoutSeconds: 350,
    });
  });

  it('publishes nothing for a cleared chat, nor for a ban without a target user id', () => {
    const [channel] = tmiEvent(cleared, 'clearchat') as [string];
    expect(toClearChatRecord(channel, undefined, {})).toBeUndefined();
    const [, login, , tags] = tmiEvent(ban.replace('target-user-id=87654321;', ''), 'ban') as [
      string,
      string,
      null,
      object,
    ];
    expect(toClearChatRecord('#dallas', login, tags)).toBeUndefined();
  });

  it('drops a timeout whose duration is not a whole number of seconds in range', () => {
    for (const duration of ['abc', '0', '1209601']) {
      const [channel, login, , , tags] = tmiEvent(
        timeout.replace('ban-duration=350', `ban-duration=${duration}`),
        'timeout',
      ) as [string, string, null, number, object];
      expect(toClearChatRecord(channel, login, tags)).toBeUndefined();
    }
  });

  it("reads Twitch's CLEARMSG: the deleted message's id and its sender's login", () => {
    const [channel, , , tags] = tmiEvent(deleted, 'messagedeleted') as [
      string,
      string,
      string,
      object,
    ];
    expect(toDeletedMessageRecord(channel, tags)).toEqual({
      id: 'clearmsg:94e6c7ff-bf98-4faa-af5d-7ad633a158a9',
      channel: 'bar',
      channelId: '',
      userId: '',
      login: 'foo',
      displayName: 'foo',
      text: '',
      sentAt: 1642720582342,
      firstMessage: false,
      returningChatter: false,
      moderation: 'delete_message',
      targetMessageId: '94e6c7ff-bf98-4faa-af5d-7ad633a158a9',
    });
  });

  it('drops a CLEARMSG without a message id', () => {
    const [channel, , , tags] = tmiEvent(
      deleted.replace('target-msg-id=94e6c7ff-bf98-4faa-af5d-7ad633a158a9;', ''),
      'messagedeleted',
    ) as [string, string, string, object];
    expect(toDeletedMessageRecord(channel, tags)).toBeUndefined();
  });
});
