import { describe, expect, it } from '@jest/globals';
import { ChannelStore } from '../state/channels.js';
import { UserStore } from '../state/users.js';
import { parseIrcLine } from './message.js';
import { type UserNotice, userNoticeLine } from './user-notice.js';

const users = new UserStore(() => 'http://emulator.test');
const channel = new ChannelStore().channel(users.create({ login: 'streamer' }));
const viewer = users.create({ login: 'viewer', displayName: 'Viewer' });
const friend = users.create({ login: 'friend', displayName: 'Friend' });
const ID = '5f0a7f3e-2d47-4b6c-9a43-1f0e6f6c2b11';

function parsed(notice: UserNotice) {
  const message = parseIrcLine(userNoticeLine(channel, notice, ID, 1_700_000_000_000));
  if (!message) throw new Error('unparsable line');
  return { ...message, tag: (name: string) => message.tags.get(name) };
}

describe('userNoticeLine', () => {
  it('sends a raid with the raider and the viewer count', () => {
    const raid = parsed({ kind: 'raid', user: viewer, viewerCount: 15 });
    expect(raid.command).toBe('USERNOTICE');
    expect(raid.params).toEqual(['#streamer']);
    expect(raid.prefix).toBe('tmi.twitch.tv');
    expect(Object.fromEntries(raid.tags)).toMatchObject({
      id: ID,
      login: 'viewer',
      'display-name': 'Viewer',
      'msg-id': 'raid',
      'msg-param-displayName': 'Viewer',
      'msg-param-login': 'viewer',
      'msg-param-viewerCount': '15',
      'room-id': channel.broadcaster.id,
      'system-msg': '15 raiders from Viewer have joined!',
      'tmi-sent-ts': '1700000000000',
      'user-id': viewer.id,
    });
  });

  it('sends a sub and a resub with tenure, plan and the resubscriber’s message', () => {
    const sub = parsed({ kind: 'sub', user: viewer, plan: 'Prime' });
    expect(Object.fromEntries(sub.tags)).toMatchObject({
      'msg-id': 'sub',
      'msg-param-cumulative-months': '1',
      'msg-param-sub-plan': 'Prime',
      'msg-param-sub-plan-name': 'Channel Subscription (streamer)',
      'system-msg': 'Viewer subscribed with Prime.',
      'badge-info': 'subscriber/1',
      subscriber: '1',
    });
    expect(sub.params).toEqual(['#streamer']);

    const resub = parsed({
      kind: 'resub',
      user: viewer,
      plan: '2000',
      cumulativeMonths: 14,
      streakMonths: 3,
      message: 'Great stream; keep it up Kappa',
    });
    expect(resub.params).toEqual(['#streamer', 'Great stream; keep it up Kappa']);
    expect(Object.fromEntries(resub.tags)).toMatchObject({
      'msg-id': 'resub',
      'msg-param-cumulative-months': '14',
      'msg-param-streak-months': '3',
      'msg-param-should-share-streak': '1',
      'msg-param-sub-plan': '2000',
      'badge-info': 'subscriber/14',
      badges: 'subscriber/12',
      emotes: '25:25-29',
      'system-msg':
        "Viewer subscribed at Tier 2. They've subscribed for 14 months, currently on a 3 month streak!",
    });
  });

  it('sends a subgift naming the recipient', () => {
    const gift = parsed({
      kind: 'subgift',
      user: viewer,
      recipient: friend,
      plan: '1000',
      months: 4,
    });
    expect(Object.fromEntries(gift.tags)).toMatchObject({
      'msg-id': 'subgift',
      'msg-param-months': '4',
      'msg-param-recipient-display-name': 'Friend',
      'msg-param-recipient-id': friend.id,
      'msg-param-recipient-user-name': 'friend',
      'msg-param-sub-plan': '1000',
      'system-msg': 'Viewer gifted a Tier 1 sub to Friend!',
    });
    expect(gift.params).toEqual(['#streamer']);
  });

  it('sends an announcement with its colour and an empty system message', () => {
    const line = userNoticeLine(
      channel,
      { kind: 'announcement', user: channel.broadcaster, message: 'big news', color: 'PURPLE' },
      ID,
      1,
    );
    expect(line).toMatch(/;msg-id=announcement;msg-param-color=PURPLE;.*;system-msg=;/);
    expect(line.endsWith(' :tmi.twitch.tv USERNOTICE #streamer :big news')).toBe(true);
  });
});
