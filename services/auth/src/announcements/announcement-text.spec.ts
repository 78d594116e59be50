import { describe, expect, it } from '@jest/globals';
import { LANGUAGES } from '@greetboard/contracts';
import { announcementText } from './announcement-text.js';

describe('announcementText', () => {
  it('keeps the English wording', () => {
    expect(announcementText('Friday', true)).toBe(
      'Greetboard: greeting session "Friday" started — say hi!',
    );
    expect(announcementText('Friday', false, 'en')).toBe(
      'Greetboard: greeting session "Friday" ended. Thanks for chatting!',
    );
  });

  it('speaks the streamer language, naming the session', () => {
    expect(announcementText('Freitag', true, 'de')).toBe(
      'Greetboard: Begrüßungssitzung "Freitag" gestartet — sag hallo!',
    );
    for (const language of LANGUAGES) {
      for (const isActive of [true, false]) {
        expect(announcementText('S$&1', isActive, language)).toContain('"S$&1"');
      }
    }
    const started = new Set(LANGUAGES.map((language) => announcementText('x', true, language)));
    expect(started.size).toBe(LANGUAGES.length);
  });
});
