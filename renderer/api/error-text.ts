/**
 * The one place a PosApi refusal becomes on-screen text (README "Languages"): `errors:<key>` with its
 * values in the till's language, the field's name replaced by its label there; in English, or for a
 * refusal without a key (or a key the language's catalogue lacks), the English `message` as sent.
 */
import { errorsEnglish } from '../../shared/i18n/errors-en.js';
import { fillPlaceholders } from '../../shared/i18n/languages.js';
import type { PosErrorShape } from '../../shared/posapi.js';
import { addEnglish, currentLanguage, i18n } from '../i18n/i18n.js';

addEnglish('errors', errorsEnglish);

function known(language: string, key: string): string | undefined {
  const found: unknown = i18n.getResource(language, 'errors', key);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** A field path's label in `language`: the whole path's, else its last part's, else the path itself. */
function fieldLabel(language: string, field: string): string {
  const last = field.split('.').pop() ?? field;
  return known(language, `field.${field}`) ?? known(language, `field.${last}`) ?? field;
}

export function errorText(shape: Pick<PosErrorShape, 'message' | 'key' | 'params'>): string {
  const language = currentLanguage();
  if (!shape.key || language === 'en') return shape.message;
  const template = known(language, shape.key);
  if (!template) return shape.message;
  const params: Record<string, string | number> = { ...shape.params };
  if (typeof params.field === 'string') params.field = fieldLabel(language, params.field);
  return fillPlaceholders(template, params);
}
