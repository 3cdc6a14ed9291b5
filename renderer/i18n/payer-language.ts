/**
 * The payer's language on the checkout page and the customer display: the one they picked (kept in
 * this browser), else the browser's own wish (navigator.languages), else the shop's (the page's meta
 * paydesk-shop-language, filled in by the host), else English.
 */
import { isLanguage, localeOf, matchLanguage, type Language } from '../../shared/i18n/languages.js';
import { currentLanguage, setLanguage } from './i18n.js';

const KEY = 'paydesk-language';

function stored(): Language | undefined {
  try {
    const value = localStorage.getItem(KEY) ?? '';
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined; // storage off (private mode)
  }
}

function browserWishes(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function shopLanguage(): Language | undefined {
  const value = document.querySelector<HTMLMetaElement>('meta[name="paydesk-shop-language"]')?.content ?? '';
  return isLanguage(value) ? value : undefined;
}

export function initialPayerLanguage(): Language {
  return stored() ?? matchLanguage(browserWishes()) ?? shopLanguage() ?? 'en';
}

/** Starts the page in the payer's language (English shows until its catalogue has loaded). */
export function startPayerLanguage(): Promise<void> {
  return setLanguage(initialPayerLanguage());
}

/** The payer's pick: used at once and remembered in this browser. */
export function choosePayerLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // kept for this page only
  }
  return setLanguage(language);
}

/**
 * The locale for the payer's amounts and dates: the browser's own when it is of the language showing
 * (an "en-GB" phone keeps its dates), else the language's usual one.
 */
export function payerLocale(): string {
  const language = currentLanguage();
  const own = browserWishes().find((wish) => matchLanguage([wish]) === language);
  return own ?? localeOf(language);
}
