/**
 * The words printed on paper for cart sales, refund slips and Z reports: the `paper` namespace
 * (shared/i18n/paper-en.ts and its catalogues), in the language of the build running now. Building a
 * receipt, a slip or a Z report is synchronous, so `inPaperLanguage` sets the language for the
 * duration of one build and every `paper()` call inside it speaks that language (English otherwise).
 */
import type { Language } from '../../../shared/i18n/languages.js';
import { paperText, type PaperKey } from '../../../shared/i18n/paper.js';

export type PaperTextKey = PaperKey;

let current: Language = 'en';

export function inPaperLanguage<T>(language: Language, build: () => T): T {
  const before = current;
  current = language;
  try {
    return build();
  } finally {
    current = before;
  }
}

/** The language of the build running now ('en' outside one): for helpers that take it as an argument. */
export function paperLanguageNow(): Language {
  return current;
}

export function paper(key: PaperTextKey, values: Record<string, string | number> = {}): string {
  return paperText(current, key, values);
}
