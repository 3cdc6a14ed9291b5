/**
 * The `paper` namespace for the main process (receipt page, ESC/POS receipt, printer test page): a tiny
 * lookup over the same JSON catalogues the renderer loads with i18next, bundled in, English for any key
 * a catalogue lacks.
 */
import de from './locales/de/paper.json' with { type: 'json' };
import es from './locales/es/paper.json' with { type: 'json' };
import fr from './locales/fr/paper.json' with { type: 'json' };
import ja from './locales/ja/paper.json' with { type: 'json' };
import ptBR from './locales/pt-BR/paper.json' with { type: 'json' };
import tr from './locales/tr/paper.json' with { type: 'json' };
import zhCN from './locales/zh-CN/paper.json' with { type: 'json' };
import { fillPlaceholders, type Language } from './languages.js';
import { paperEnglish, type PaperKey } from './paper-en.js';

export { paperEnglish, type PaperKey } from './paper-en.js';

const CATALOGUES: Record<Language, Partial<Record<string, string>>> = {
  en: paperEnglish,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  'zh-CN': zhCN,
  ja,
  tr,
};

/** One paper message in `language`, placeholders filled. */
export function paperText(language: Language, key: PaperKey, values: Record<string, string | number> = {}): string {
  return fillPlaceholders(CATALOGUES[language][key] ?? paperEnglish[key], values);
}

/**
 * The language a paper receipt can print in: ESC/POS code pages (the encoder's `auto`) have no Chinese
 * or Japanese characters, so those shops' paper speaks English (their receipt page keeps their language).
 */
export function paperLanguage(language: Language): Language {
  return language === 'zh-CN' || language === 'ja' ? 'en' : language;
}
