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

  it('drops lines without a message id or user id', () => {
    expect(toChatLine('#s', { ...userstate, id: undefined }, 'hi')).toBeUndefined();
    expect(toChatLine('#s', { ...userstate, 'user-id': undefined }, 'hi')).toBeUndefined();
    expect(toChatLine('#s', { ...userstate, username: 'Not A Login!' }, 'hi')).toBeUndefined();
  });
});
