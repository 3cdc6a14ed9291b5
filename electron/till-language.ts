/**
 * The till's language as the main process needs it for its windows' titles (shared/i18n/main.ts): read
 * through the PosApi's open `settings.get` (the chosen language, else the locale's), English when the settings
 * cannot be read.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../shared/i18n/languages.js';
import type { TillSettings } from '../shared/posapi.js';
import { dispatchPosCommand, type PosService } from './bridge/dispatch.js';
import type { Logger } from './platform/logger.js';
import { languageOfSettings } from './window-titles.js';

export async function tillLanguage(pos: PosService, logger: Logger): Promise<Language> {
  const outcome = await dispatchPosCommand(pos, 'settings.get', {}, logger);
  if (!outcome.ok) return DEFAULT_LANGUAGE;
  const language = languageOfSettings(outcome.result as TillSettings);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
