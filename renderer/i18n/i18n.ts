/**
 * The renderer's i18next instance (README "Languages"): one per page, the catalogues as namespaces
 * (`till`, `payer`, `printer`), English registered by the text modules as the typed source of every
 * key, the other languages loaded lazily from shared/i18n/locales/<lng>/<ns>.json when chosen.
 * Messages keep the `{name}` placeholders they always had; a key a catalogue lacks falls back to English.
 */
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type Namespace } from '../../shared/i18n/languages.js';

export type Catalogue = Readonly<Record<string, string>>;
/** Fetches one language's catalogue of a namespace; undefined when that language has none. */
export type CatalogueLoader = (language: Language) => Promise<Catalogue | undefined>;

export const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'currentOnly',
  resources: {},
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  returnEmptyString: false,
  // Today's messages unchanged: `{name}`; React escapes, so i18next must not.
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
});

const loaders = new Map<Namespace, CatalogueLoader>();

/** The English catalogue of a namespace (the text modules call this once). */
export function addEnglish(ns: Namespace, catalogue: Catalogue): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, catalogue, true, true);
}

/** How a page fetches a namespace's other languages (each page bundles only the globs it needs). */
export function addLoader(ns: Namespace, loader: CatalogueLoader): void {
  loaders.set(ns, loader);
}

/** One message of a namespace in the current language, `{name}` filled from `values`. */
export function translate(ns: Namespace, key: string, values: Record<string, string | number> = {}): string {
  // A numeric `count` picks the language's plural form (`key_one`, `key_other`) where the catalogue has them.
  const count = typeof values.count === 'number' ? { count: values.count } : {};
  return i18n.t(key, { ns, replace: values, ...count });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

let wanted: Language = DEFAULT_LANGUAGE;

/** Loads the language's catalogues (those not yet here), then switches every text to it and sets `<html lang>`. */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  await Promise.all(
    [...loaders].map(async ([ns, load]) => {
      if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, ns)) return;
      const catalogue = await load(language).catch(() => undefined);
      if (catalogue) i18n.addResourceBundle(language, ns, catalogue, true, true);
    }),
  );
  if (wanted !== language) return; // a later choice won
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The current language; the component re-renders (with all it renders) when it changes. */
export function useLanguage(): Language {
  useTranslation(undefined, { i18n, useSuspense: false, bindI18n: 'languageChanged' });
  return currentLanguage();
}
