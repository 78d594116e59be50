import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { beforeLanguageShown, i18n as appI18n, isLanguage, type Language } from './i18n';

/** One dynamic import per language, so a reader downloads only their language and English. */
export type TextLoaders<T extends object> = Record<Language, () => Promise<T>>;

export interface FeatureTexts {
  /** The key the texts sit under in the 'translation' namespace: `t('<key>.title')`. */
  readonly key: string;
  /** Loads the language's and English's texts; they join i18next once its bundle is there. */
  load(language: string): Promise<void>;
  /** Whether the language's texts (or, when they failed to load, English's) can be shown. */
  isReady(language: string): boolean;
  subscribe: (listener: () => void) => () => void;
  /** The language's texts, without adding them to i18next (for checks of every language). */
  read(language: Language): Promise<object>;
}

/**
 * Declares a feature's texts: they load with the feature's screens, not with the language files
 * every route loads, so the overlay's and the dashboard's JavaScript budgets do not pay for them.
 */
export function defineFeatureTexts<T extends object>(
  key: string,
  loaders: TextLoaders<T>,
  i18n: I18n = appI18n,
): FeatureTexts {
  const loaded = new Map<Language, T>();
  const added = new Set<Language>();
  const failed = new Set<Language>();
  const pending = new Map<Language, Promise<void>>();
  const listeners = new Set<() => void>();
  let used = false;
  const notify = () => listeners.forEach((listener) => listener());

  /**
   * Adds the texts once the language's main bundle is loaded, never before: a bundle that
   * exists already tells `changeLanguage` the language file is loaded, and it would not load.
   */
  function add(language: Language) {
    const texts = loaded.get(language);
    if (!texts || added.has(language) || !i18n.hasResourceBundle(language, 'translation')) return;
    added.add(language);
    i18n.addResourceBundle(language, 'translation', { [key]: texts }, true, true);
    notify();
  }
  function watchBundles() {
    i18n.store.on('added', (language: string, namespace: string) => {
      if (namespace === 'translation' && isLanguage(language)) add(language);
    });
  }
  // i18next has a resource store only once initialised.
  if (i18n.isInitialized) watchBundles();
  else i18n.on('initialized', watchBundles);

  function loadOne(language: Language): Promise<void> {
    let loading = pending.get(language);
    if (!loading) {
      loading = loaders[language]().then(
        (texts) => {
          loaded.set(language, texts);
          add(language);
        },
        (error: unknown) => {
          console.warn(`Could not load the ${key} texts in ${language}`, error);
          failed.add(language);
          notify();
        },
      );
      pending.set(language, loading);
    }
    return loading;
  }

  const settled = (language: Language) => added.has(language) || failed.has(language);
  const feature: FeatureTexts = {
    key,
    async load(language) {
      used = true;
      await Promise.all([loadOne('en'), isLanguage(language) ? loadOne(language) : undefined]);
    },
    isReady(language) {
      return settled('en') && (!isLanguage(language) || settled(language));
    },
    read: (language) => loaders[language](),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  // A reader switching language on a screen that shows these texts sees them switch with it.
  beforeLanguageShown((language) => (used ? feature.load(language) : Promise.resolve()));
  return feature;
}

/**
 * `useTranslation`, plus whether the feature's texts for the language shown have arrived.
 * Until `ready`, render a spinner or nothing: the texts' keys would show instead of the texts.
 */
export function useFeatureTexts(feature: FeatureTexts) {
  const translation = useTranslation();
  const language = translation.i18n.language;
  const ready = useSyncExternalStore(feature.subscribe, () => feature.isReady(language));
  useEffect(() => {
    if (!ready) void feature.load(language);
  }, [feature, language, ready]);
  return { t: translation.t, i18n: translation.i18n, ready };
}
