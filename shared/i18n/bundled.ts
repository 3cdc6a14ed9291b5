/**
 * The catalogues the main process bundles for the namespaces it speaks without i18next (`main`: window
 * titles; `paper`: receipts and printer pages): each language's JSON imported here once, and one lookup
 * over them with English for any key a catalogue lacks and `{name}` placeholders filled. The renderer
 * loads the same JSON files with i18next.
 */
import deMain from './locales/de/main.json' with { type: 'json' };
import dePaper from './locales/de/paper.json' with { type: 'json' };
import esMain from './locales/es/main.json' with { type: 'json' };
import esPaper from './locales/es/paper.json' with { type: 'json' };
import frMain from './locales/fr/main.json' with { type: 'json' };
import frPaper from './locales/fr/paper.json' with { type: 'json' };
import jaMain from './locales/ja/main.json' with { type: 'json' };
import jaPaper from './locales/ja/paper.json' with { type: 'json' };
import ptBRMain from './locales/pt-BR/main.json' with { type: 'json' };
import ptBRPaper from './locales/pt-BR/paper.json' with { type: 'json' };
import trMain from './locales/tr/main.json' with { type: 'json' };
import trPaper from './locales/tr/paper.json' with { type: 'json' };
import zhCNMain from './locales/zh-CN/main.json' with { type: 'json' };
import zhCNPaper from './locales/zh-CN/paper.json' with { type: 'json' };
import { fillPlaceholders, type Language } from './languages.js';

export type BundledNamespace = 'main' | 'paper';
type Catalogue = Partial<Record<string, string>>;

/** English is each namespace's typed source (main-en.ts, paper-en.ts), so it is not here. */
const BUNDLED: Record<Exclude<Language, 'en'>, Record<BundledNamespace, Catalogue>> = {
  es: { main: esMain, paper: esPaper },
  'pt-BR': { main: ptBRMain, paper: ptBRPaper },
  fr: { main: frMain, paper: frPaper },
  de: { main: deMain, paper: dePaper },
  'zh-CN': { main: zhCNMain, paper: zhCNPaper },
  ja: { main: jaMain, paper: jaPaper },
  tr: { main: trMain, paper: trPaper },
};

export type BundledText<K extends string> = (
  language: Language,
  key: K,
  values?: Record<string, string | number>,
) => string;

/** The lookup of one namespace: the language's own text, else `english`'s, placeholders filled. */
export function bundledText<K extends string>(namespace: BundledNamespace, english: Record<K, string>): BundledText<K> {
  return (language, key, values = {}) => {
    const own = language === 'en' ? undefined : BUNDLED[language][namespace][key];
    return fillPlaceholders(own ?? english[key], values);
  };
}
