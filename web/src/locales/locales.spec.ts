import { describe, expect, it } from '@jest/globals';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') entries.set(path, child);
    else for (const [k, v] of flatten(child, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(en);

describe.each([
  ['de', de],
  ['es', es],
  ['fr', fr],
])('%s texts', (_language, messages) => {
  const translated = flatten(messages);

  it('have exactly the English keys', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('are all filled in and keep every placeholder', () => {
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(`${key}: ${other.trim() === '' ? 'empty' : 'ok'}`).toBe(`${key}: ok`);
      expect([key, placeholders(other)]).toEqual([key, placeholders(text)]);
    }
  });

  it('are real translations, not English copies', () => {
    const same = [...english].filter(
      ([key, text]) => translated.get(key) === text && text.length > 12,
    );
    expect(same.length / english.size).toBeLessThan(0.05);
  });
});

describe('English texts', () => {
  it('keep the spec wording', () => {
    expect(en.errors.unexpectedTitle).toBe('Unexpected Application Error!');
    expect(en.dashboard.selectSession).toBe('Select a session to view chatters');
    expect(en.dashboard.noChatters).toBe('No chatters yet. Start the session to begin monitoring!');
    expect(en.sessionPage.peopleToGreet).toBe('People To Greet ({{count}})');
    expect(en.sessions.ownerOnly).toBe(
      'Only session owners can start sessions. Editors can view and manage chatters.',
    );
    expect(en.toast.sessionCreated).toBe(
      "Session created and started! Monitoring {{username}}'s chat",
    );
    expect(en.chatters.newChatter).toBe('New chatter: {{name}}');
  });
});
