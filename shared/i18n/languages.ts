/**
 * The languages Paydesk speaks (README "Languages"): their codes, their own names for the pickers, the
 * locale their amounts and dates are written in, and how a browser's or a locale's wish is matched to one.
 * Catalogues live in shared/i18n/locales/<code>/<namespace>.json; English is the source of every key.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'es', name: 'Español', locale: 'es-ES' },
  { code: 'pt-BR', name: 'Português (Brasil)', locale: 'pt-BR' },
  { code: 'fr', name: 'Français', locale: 'fr-FR' },
  { code: 'de', name: 'Deutsch', locale: 'de-DE' },
  { code: 'zh-CN', name: '简体中文', locale: 'zh-CN' },
  { code: 'ja', name: '日本語', locale: 'ja-JP' },
  { code: 'tr', name: 'Türkçe', locale: 'tr-TR' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** The word "Language" in each language: the label of the pickers, whatever language is showing. */
export const LANGUAGE_WORD: Record<Language, string> = {
  en: 'Language',
  es: 'Idioma',
  'pt-BR': 'Idioma',
  fr: 'Langue',
  de: 'Sprache',
  'zh-CN': '语言',
  ja: '言語',
  tr: 'Dil',
};
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The catalogues: the till's screens, the payer's pages, the printer settings, the paper and receipt page,
 * the till's refusals (errors: shared/i18n/errors-en.ts) and the main process's window titles (main).
 */
export const NAMESPACES = ['till', 'payer', 'printer', 'paper', 'errors', 'main'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLanguage(value: string): value is Language {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The locale a language writes amounts and dates in ("de" -> "de-DE"). */
export function localeOf(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)?.locale ?? 'en-US';
}

/**
 * The first wish (BCP 47 tags, best first, as navigator.languages) that one of ours answers:
 * the exact tag, else its base language ("pt-PT" -> pt-BR, "zh-Hans-CN" -> zh-CN, "en-GB" -> en).
 */
export function matchLanguage(wishes: readonly string[]): Language | undefined {
  for (const wish of wishes) {
    const tag = wish.trim().toLowerCase();
    if (!tag) continue;
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0];
    const byBase = LANGUAGE_CODES.find((code) => code.toLowerCase().split('-')[0] === base);
    if (byBase) return byBase;
  }
  return undefined;
}

/** The language a shop's amount/date locale suggests ("de-AT" -> de), English when none of ours. */
export function languageFromLocale(locale: string): Language {
  return matchLanguage([locale]) ?? DEFAULT_LANGUAGE;
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
export function fillPlaceholders(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
