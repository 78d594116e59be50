import { describe, expect, it } from '@jest/globals';
import { emoteUrl, messageParts } from './message-parts';

describe('messageParts', () => {
  it('places emotes by code point, so characters outside the BMP before them do not shift them', () => {
    // '🎉' is two UTF-16 units but one code point, as Twitch counts.
    expect(
      messageParts('🎉 Kappa hi <3', [
        { id: '25', start: 2, end: 6 },
        { id: '9', start: 11, end: 12 },
      ]),
    ).toEqual([
      { kind: 'text', text: '🎉 ' },
      { kind: 'emote', id: '25', code: 'Kappa' },
      { kind: 'text', text: ' hi ' },
      { kind: 'emote', id: '9', code: '<3' },
    ]);
  });

  it('handles several surrogate pairs and an emote at the start', () => {
    expect(
      messageParts('LUL 👩‍👩‍👧 LUL', [
        { id: '425618', start: 0, end: 2 },
        { id: '425618', start: 10, end: 12 },
      ]),
    ).toEqual([
      { kind: 'emote', id: '425618', code: 'LUL' },
      { kind: 'text', text: ' 👩‍👩‍👧 ' },
      { kind: 'emote', id: '425618', code: 'LUL' },
    ]);
  });

  it('leaves emotes that do not fit the text as text', () => {
    expect(
      messageParts('hi Kappa', [
        { id: '25', start: 3, end: 9 },
        { id: '25', start: 0, end: 1 },
      ]),
    ).toEqual([
      { kind: 'emote', id: '25', code: 'hi' },
      { kind: 'text', text: ' Kappa' },
    ]);
    expect(messageParts('plain', [])).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});

describe('emoteUrl', () => {
  it('fills the id and the theme into the template', () => {
    expect(
      emoteUrl('https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0', '25', 'dark'),
    ).toBe('https://static-cdn.jtvnw.net/emoticons/v2/25/default/dark/1.0');
    expect(emoteUrl('http://127.0.0.1:3100/e/{id}.svg', 'emotesv2_ab', 'light')).toBe(
      'http://127.0.0.1:3100/e/emotesv2_ab.svg',
    );
  });
});
