/**
 * The Electron windows' titles follow the till's language (shared/i18n/main.ts): set at start, and again
 * each time a save changes the language (the `settings.changed` event), without a restart. Plain Node:
 * main.ts hands in its windows as `setTitle` and `isDestroyed`; the unit test hands in fakes.
 */
import { languageFromLocale, type Language } from '../shared/i18n/languages.js';
import { windowTitle, type MainKey } from '../shared/i18n/main.js';
import type { PosEventMessage, TillSettings } from '../shared/posapi.js';

export interface TitledWindow {
  setTitle(title: string): void;
  isDestroyed(): boolean;
  /** True once the window's page set a title of its own (the customer display's, in the payer's language). */
  titledByPage?: () => boolean;
}

/** The language the till's screens show: the chosen one, else the one the locale suggests (as TillLanguage.tsx). */
export function languageOfSettings(settings: Pick<TillSettings, 'language' | 'locale'>): Language {
  return settings.language ?? languageFromLocale(settings.locale);
}

/**
 * Keeps each window's title in the till's language from `start` on; answers the unsubscribe. A page that
 * titled itself keeps its title (the display's page follows the payer's language, which the payer picks).
 */
export function followLanguage(
  events: { subscribe(listener: (message: PosEventMessage) => void): () => void },
  windows: Partial<Record<MainKey, TitledWindow>>,
  start: Language,
): () => void {
  let current: Language | undefined;
  const apply = (language: Language) => {
    if (language === current) return;
    current = language;
    for (const [key, window] of Object.entries(windows) as [MainKey, TitledWindow | undefined][]) {
      if (!window || window.isDestroyed() || window.titledByPage?.()) continue;
      window.setTitle(windowTitle(language, key));
    }
  };
  apply(start);
  return events.subscribe((message) => {
    if (message.event === 'settings.changed') apply(languageOfSettings(message.payload));
  });
}
