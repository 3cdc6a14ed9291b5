/**
 * The number and date locales Setup offers (the till's `locale` setting, README "Languages"): our languages'
 * own locales and their common neighbours. '' in Setup is "the same as the language". The main process
 * accepts any locale its runtime knows (electron/till/settings/save.ts), so a locale saved before this list
 * (or over the PosApi) stays valid and is offered as it is.
 */
export const NUMBER_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IN',
  'es-ES',
  'es-MX',
  'es-AR',
  'es-CO',
  'es-CL',
  'pt-BR',
  'pt-PT',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'it-IT',
  'nl-NL',
  'pl-PL',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'ja-JP',
  'ko-KR',
  'tr-TR',
] as const;

/** Whether the runtime knows `locale` (a well-formed tag it has data for, not only a fallback to its default). */
export function isKnownLocale(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length === 1;
  } catch {
    return false; // not a well-formed BCP 47 tag
  }
}
