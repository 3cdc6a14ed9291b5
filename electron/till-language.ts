/**
 * The till's language as the main process needs it for its windows' titles (shared/i18n/main.ts): read
 * through the PosApi's open `settings.get`, English when the settings cannot be read.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../shared/i18n/languages.js';
import type { TillSettings } from '../shared/posapi.js';
import { dispatchPosCommand, type PosService } from './bridge/dispatch.js';
import type { Logger } from './platform/logger.js';

export async function tillLanguage(pos: PosService, logger: Logger): Promise<Language> {
  const outcome = await dispatchPosCommand(pos, 'settings.get', {}, logger);
  const language = outcome.ok ? (outcome.result as TillSettings).language : undefined;
  return language && isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
