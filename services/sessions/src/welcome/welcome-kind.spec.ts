import { describe, expect, it } from '@jest/globals';
import type { ChatterDto } from '@greetboard/contracts';
import { welcomeKindOf } from './welcome.service.js';

const chatter = (changes: Partial<ChatterDto>) =>
  ({
    raidId: null,
    isFirstTimeChatter: false,
    isReturningChatter: false,
    sessionsSeen: 3,
    ...changes,
  }) as ChatterDto;

describe('welcomeKindOf', () => {
  it('welcomes raiders as raiders, whatever Twitch says of them', () => {
    expect(welcomeKindOf(chatter({ raidId: 'r', isFirstTimeChatter: true }))).toBe('raider');
  });

  it("takes Twitch's first-msg, or a first session with the streamer, as first-time", () => {
    expect(welcomeKindOf(chatter({ isFirstTimeChatter: true }))).toBe('firstTime');
    expect(welcomeKindOf(chatter({ sessionsSeen: 1 }))).toBe('firstTime');
  });

  it('welcomes everybody else back', () => {
    expect(welcomeKindOf(chatter({ isReturningChatter: true }))).toBe('returning');
    expect(welcomeKindOf(chatter({}))).toBe('returning');
  });
});
