/**
 * The `main` namespace for the main process (the Electron windows' titles): a lookup over the same JSON
 * catalogues as the renderer's, bundled in, English for any key a catalogue lacks (as paper.ts does).
 */
import de from './locales/de/main.json' with { type: 'json' };
import es from './locales/es/main.json' with { type: 'json' };
import fr from './locales/fr/main.json' with { type: 'json' };
import ja from './locales/ja/main.json' with { type: 'json' };
import ptBR from './locales/pt-BR/main.json' with { type: 'json' };
import tr from './locales/tr/main.json' with { type: 'json' };
import zhCN from './locales/zh-CN/main.json' with { type: 'json' };
import type { Language } from './languages.js';
import { mainEnglish, type MainKey } from './main-en.js';

export { mainEnglish, type MainKey } from './main-en.js';

const CATALOGUES: Record<Language, Partial<Record<string, string>>> = {
  en: mainEnglish,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  'zh-CN': zhCN,
  ja,
  tr,
};

/** A window title in `language`. */
export function windowTitle(language: Language, key: MainKey): string {
  return CATALOGUES[language][key] ?? mainEnglish[key];
}
