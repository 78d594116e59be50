import { describe, expect, it } from '@jest/globals';
import { toChatLine } from './chat-line-parser.js';

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
