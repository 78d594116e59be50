/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { defineFeatureTexts, useFeatureTexts, type FeatureTexts } from './feature-texts';

interface Texts {
  title: string;
}

async function setUp() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { translation: { common: { ok: 'OK' } } } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  let failFrench = false;
  const loaders = {
    en: jest.fn(() => Promise.resolve<Texts>({ title: 'Settings' })),
    de: jest.fn(() => Promise.resolve<Texts>({ title: 'Einstellungen' })),
    es: jest.fn(() => Promise.resolve<Texts>({ title: 'Ajustes' })),
    fr: jest.fn(() =>
      failFrench ? Promise.reject(new Error('offline')) : Promise.resolve({ title: 'Paramètres' }),
    ),
  };
  const feature = defineFeatureTexts('feature', loaders, i18n);
  /** What changeLanguage does: the language file first, then the switch. */
  const showLanguage = async (language: string) => {
    i18n.addResourceBundle(language, 'translation', { common: { ok: `OK-${language}` } });
    await i18n.changeLanguage(language);
  };
  return { i18n, loaders, feature, showLanguage, failNextFrench: () => (failFrench = true) };
}

function Title({ feature, seen }: { feature: FeatureTexts; seen: string[] }) {
  const { t, ready } = useFeatureTexts(feature);
  const text = ready ? t('feature.title') : 'loading';
  seen.push(text);
  return <h1>{text}</h1>;
}

const renderTitle = (i18n: I18n, feature: FeatureTexts, seen: string[] = []) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Title feature={feature} seen={seen} />
    </I18nextProvider>,
  );

describe('feature texts', () => {
  afterEach(cleanup);

  it('load only the language shown and English, when first asked for', async () => {
    const { loaders, feature, showLanguage } = await setUp();
    expect(loaders.en).not.toHaveBeenCalled();
    await showLanguage('de');
    await feature.load('de');
    expect(loaders.en).toHaveBeenCalledTimes(1);
    expect(loaders.de).toHaveBeenCalledTimes(1);
    expect(loaders.es).not.toHaveBeenCalled();
    expect(loaders.fr).not.toHaveBeenCalled();
    expect(feature.isReady('de')).toBe(true);
  });

  it("never add a bundle before the language's own file is loaded", async () => {
    const { i18n, feature } = await setUp();
    await feature.load('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    expect(feature.isReady('de')).toBe(false);

    i18n.addResourceBundle('de', 'translation', { common: { ok: 'Gut' } });
    expect(i18n.getResource('de', 'translation', 'feature.title')).toBe('Einstellungen');
    expect(i18n.getResource('de', 'translation', 'common.ok')).toBe('Gut');
    expect(feature.isReady('de')).toBe(true);
  });

  it('render nothing of theirs until ready, then the texts, never the keys', async () => {
    const { i18n, feature, showLanguage } = await setUp();
    await showLanguage('de');
    const seen: string[] = [];
    renderTitle(i18n, feature, seen);
    expect(screen.getByRole('heading').textContent).toBe('loading');
    await act(() => feature.load('de'));
    expect(screen.getByRole('heading').textContent).toBe('Einstellungen');
    expect(seen.filter((text) => text !== 'loading' && text !== 'Einstellungen')).toEqual([]);
  });

  it('follow a change of language once that language is shown', async () => {
    const { i18n, feature, showLanguage, loaders } = await setUp();
    renderTitle(i18n, feature);
    await act(() => feature.load('en'));
    expect(screen.getByRole('heading').textContent).toBe('Settings');
    await act(() => showLanguage('es'));
    await act(() => feature.load('es'));
    expect(screen.getByRole('heading').textContent).toBe('Ajustes');
    expect(loaders.en).toHaveBeenCalledTimes(1);
  });

  it('fall back to English when a language fails to load', async () => {
    const { i18n, feature, showLanguage, failNextFrench } = await setUp();
    failNextFrench();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await showLanguage('fr');
    renderTitle(i18n, feature);
    await act(() => feature.load('fr'));
    expect(screen.getByRole('heading').textContent).toBe('Settings');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
