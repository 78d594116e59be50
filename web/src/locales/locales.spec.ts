import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../features/i18n/i18n';
import { NAMESPACES, readTexts, type Namespace } from '../features/i18n/namespaces';
import { en as dashboardEn } from '../features/dashboard/texts/en';
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

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** Counts whose number stands alone, with no word that agrees with it in any language. */
const BARE_FIGURES = ['sessions.moreKeywords', 'sessionPage.peopleToGreet', 'raids:greetAll'];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Texts that load with the screens that use them (see namespaces.ts), by namespace. */
const FEATURES = (Object.keys(NAMESPACES) as Namespace[]).filter((ns) => ns !== 'translation');
const featureTexts = async (language: Language) =>
  Object.fromEntries(
    await Promise.all(FEATURES.map(async (ns) => [ns, await readTexts(ns, language)])),
  ) as Record<string, object>;
const FEATURE_TEXTS: Record<Language, Record<string, object>> = {
  en: await featureTexts('en'),
  de: await featureTexts('de'),
  es: await featureTexts('es'),
  fr: await featureTexts('fr'),
};

/** Every text of a language: its language file's and, as `<namespace>:<key>`, the namespaces'. */
function allTexts(messages: object, language: Language): Map<string, string> {
  const texts = flatten(messages);
  for (const [feature, featureMessages] of Object.entries(FEATURE_TEXTS[language]))
    for (const [key, text] of flatten(featureMessages)) texts.set(`${feature}:${key}`, text);
  return texts;
}
const english = allTexts(en, 'en');
const pluralBases = [...english.keys()]
  .filter((key) => key.endsWith('_other'))
  .map((key) => key.slice(0, -'_other'.length));

/** The keys a language must have: the English ones, each count in that language's plural forms. */
function expectedKeys(language: string): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plain = [...english.keys()].filter((key) => !PLURAL_FORM.test(key));
  return [...plain, ...pluralBases.flatMap((base) => forms.map((form) => `${base}_${form}`))];
}

describe.each([
  ['de', de],
  ['es', es],
  ['fr', fr],
] as const)('%s texts', (language, messages) => {
  const translated = allTexts(messages, language);

  it('have the English keys, with every plural form the language needs', () => {
    expect([...translated.keys()].sort()).toEqual(expectedKeys(language).sort());
  });

  it('are all filled in and keep every placeholder', () => {
    for (const [key, text] of translated) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL_FORM, '_other')) ?? '';
      expect(`${key}: ${text.trim() === '' ? 'empty' : 'ok'}`).toBe(`${key}: ok`);
      expect([key, placeholders(text)]).toEqual([key, placeholders(source)]);
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
  it('have the English plural forms', () => {
    expect([...english.keys()].sort()).toEqual(expectedKeys('en').sort());
  });

  it('say every count through plural forms, unless the number stands alone', () => {
    const counted = [...english]
      .filter(([key, text]) => text.includes('{{count}}') && !PLURAL_FORM.test(key))
      .map(([key]) => key);
    expect(counted.sort()).toEqual([...BARE_FIGURES].sort());
  });

  it('keep the spec wording', () => {
    expect(en.errors.unexpectedTitle).toBe('Unexpected Application Error!');
    expect(dashboardEn.selectSession).toBe('Select a session to view chatters');
    expect(dashboardEn.noChatters).toBe('No chatters yet. Start the session to begin monitoring!');
    expect(en.sessionPage.peopleToGreet).toBe('People To Greet ({{count}})');
    expect(en.sessions.ownerOnly).toBe(
      'Only session owners can start sessions. Editors can view and manage chatters.',
    );
    expect(en.toast.sessionCreated).toBe(
      "Session created and started! Monitoring {{username}}'s chat",
    );
    expect(en.chatters.newChatter).toBe('New chatter: {{name}}');
    expect(en.chatters.showing_other).toBe('Showing {{from}}-{{to}} of {{count}} chatters');
    expect(en.toast.sessionDeletedDetail_other).toBe(
      'Session "{{name}}" deleted successfully. Removed {{count}} chatters.',
    );
  });
});

/** Texts of the spec's error catalogue that no screen shows yet; kept so the catalogue is whole. */
const CATALOGUE_ONLY = ['errors.unauthorized', 'errors.sessionNotFound', 'toast.sessionDeleted'];

/** The web app's code, without the texts themselves and without tests. */
function appSource(): string {
  const root = join(import.meta.dirname, '..');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
    .filter((file) => !file.startsWith('locales') && !/[\\/]texts[\\/]/.test(file))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n');
}

/**
 * Whether code names a key: as a string, or through a template such as
 * `landing.features.${key}Title` whose every filled-in part the code also spells out.
 */
function keyUsage(source: string): (key: string) => boolean {
  const words = new Set([...source.matchAll(/(['"`])([\w.:-]+)\1/g)].map((m) => m[2]));
  const spelled = (part: string) =>
    words.has(part) || new RegExp(`\\b${part.replace(/\./g, '\\.')}:`).test(source);
  const templates = [...source.matchAll(/`([\w.:]*\$\{[^`]*)`/g)].map(
    ([, template]) =>
      new RegExp(
        `^${template
          .split(/\$\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('([\\w.:]+)')}$`,
      ),
  );
  return (key) =>
    words.has(key) ||
    templates.some((template) => template.exec(key)?.slice(1).every(spelled) ?? false);
}

describe('Text keys', () => {
  const isUsed = keyUsage(appSource());
  const keys = [...new Set([...english.keys()].map((key) => key.replace(PLURAL_FORM, '')))];

  it('are all used by the web app', () => {
    // The `errors` namespace is named by the server's error codes, which answers carry.
    const unused = keys.filter(
      (key) => !isUsed(key) && !CATALOGUE_ONLY.includes(key) && !key.startsWith('errors:'),
    );
    expect(unused).toEqual([]);
  });

  it('kept only for the error catalogue are indeed unused', () => {
    expect(CATALOGUE_ONLY.filter((key) => isUsed(key))).toEqual([]);
    expect(CATALOGUE_ONLY.filter((key) => !english.has(key))).toEqual([]);
  });

  it('count as unused when nothing names them', () => {
    expect(isUsed('toast.sessionStopped')).toBe(true);
    expect(isUsed('landing:features.realtimeTitle')).toBe(true);
    expect(isUsed('login:errors.cancelled')).toBe(true);
    expect(isUsed('toast.sessionDeleted')).toBe(false);
    expect(isUsed('landing:features.teleportTitle')).toBe(false);
  });
});
