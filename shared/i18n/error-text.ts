/**
 * A refusal's text in a language (README "Languages"): `errors:<key>` with its values, the `{field}`
 * replaced by the field's label in that language (`field.<path>`, else `field.<last part>`, else the path);
 * English words sent as values (`{status}`, `{role}`, `{action}`, `{wait}`) replaced by the catalogue's
 * (VALUE_WORDS in errors-en.ts); in English, without a key, or for a key the language's catalogue lacks,
 * the English `message` as sent.
 * The renderer runs this over its i18next catalogues (renderer/api/error-text.ts).
 */
import { fillPlaceholders, type Language } from './languages.js';

export interface KeyedMessage {
  message: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** One message of the `errors` catalogue of a language; undefined when it has none. */
export type ErrorsLookup = (key: string) => string | undefined;

function fieldLabel(lookup: ErrorsLookup, field: string): string {
  const last = field.split('.').pop() ?? field;
  return lookup(`field.${field}`) ?? lookup(`field.${last}`) ?? field;
}

export function translateError(shape: KeyedMessage, language: Language, lookup: ErrorsLookup): string {
  if (!shape.key || language === 'en') return shape.message;
  const template = lookup(shape.key);
  if (!template) return shape.message;
  const params: Record<string, string | number> = { ...shape.params };
  if (typeof params.field === 'string') params.field = fieldLabel(lookup, params.field);
  const word = (name: string, key: string) => {
    const found = lookup(key);
    if (found !== undefined) params[name] = fillPlaceholders(found, { count: params.waitCount ?? '' });
  };
  if (params.status !== undefined) word('status', `status.${params.status}`);
  if (params.role !== undefined) word('role', `role.${params.role}`);
  if (params.permission !== undefined) word('action', `permission.${params.permission}`);
  if (params.waitUnit !== undefined) word('wait', `wait.${params.waitUnit}`);
  return fillPlaceholders(template, params);
}
