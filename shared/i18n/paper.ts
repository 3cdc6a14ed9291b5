/**
 * The `paper` namespace for the main process (receipt page, ESC/POS receipt, printer test page): a lookup
 * over the same JSON catalogues the renderer loads with i18next, bundled in (bundled.ts), English for any
 * key a catalogue lacks.
 */
import { bundledText } from './bundled.js';
import type { Language } from './languages.js';
import { paperEnglish, type PaperKey } from './paper-en.js';

export { paperEnglish, type PaperKey } from './paper-en.js';

const text = bundledText('paper', paperEnglish);

/** One paper message in `language`, placeholders filled. */
export function paperText(language: Language, key: PaperKey, values: Record<string, string | number> = {}): string {
  return text(language, key, values);
}

/**
 * The language a paper receipt can print in: ESC/POS code pages (the encoder's `auto`) have no Chinese
 * or Japanese characters, so those shops' paper speaks English (their receipt page keeps their language).
 */
export function paperLanguage(language: Language): Language {
  return language === 'zh-CN' || language === 'ja' ? 'en' : language;
}
