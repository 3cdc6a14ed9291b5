/**
 * The one place a PosApi refusal becomes on-screen text: shared/i18n/error-text.ts over the `errors`
 * catalogue of the till's language (loaded with the till's other catalogues: renderer/i18n/till-loaders.ts).
 * PosCallError's `message` is this text; its `shape.message` stays the English one.
 */
import { errorsEnglish } from '../../shared/i18n/errors-en.js';
import { translateError, type KeyedMessage } from '../../shared/i18n/error-text.js';
import { addEnglish, currentLanguage, i18n } from '../i18n/i18n.js';

addEnglish('errors', errorsEnglish);

export function errorText(shape: KeyedMessage): string {
  const language = currentLanguage();
  return translateError(shape, language, (key) => {
    const found: unknown = i18n.getResource(language, 'errors', key);
    return typeof found === 'string' && found !== '' ? found : undefined;
  });
}
