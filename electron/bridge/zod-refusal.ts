/**
 * A PosApi command's arguments that fail their zod schema: `invalid_args` naming the field, zod's own words
 * as the English `message` (as always), and an `errors` key with the field and the bound so the renderer can
 * say it in the till's language ("Importe: debe ser un número").
 */
import type { z } from 'zod';
import type { ErrorKey } from '../../shared/i18n/errors-en.js';
import { posErrorShape, type ErrorParams } from '../../shared/pos-error.js';
import type { PosErrorShape } from '../../shared/posapi.js';

type Issue = z.core.$ZodIssue;

function sizeKey(issue: Issue & { code: 'too_small' | 'too_big' }): ErrorKey {
  const small = issue.code === 'too_small';
  if (issue.origin === 'string') return small ? 'field_too_short' : 'field_too_long';
  if (issue.origin === 'array' || issue.origin === 'set') return small ? 'field_too_few' : 'field_too_many';
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    if (issue.inclusive === false) return small ? 'field_above' : 'field_below';
    return small ? 'field_too_small' : 'field_too_big';
  }
  return 'field_invalid';
}

/** The catalogue key and values for one zod issue. */
export function issueText(issue: Issue | undefined): { key: ErrorKey; params: ErrorParams } {
  if (!issue) return { key: 'field_invalid', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return { key: 'field_required', params: {} };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'field_not_a_number', params: {} };
      if (issue.expected === 'string') return { key: 'field_not_text', params: {} };
      return { key: 'field_invalid', params: {} };
    case 'too_small':
      return { key: sizeKey(issue), params: { minimum: String(issue.minimum) } };
    case 'too_big':
      return { key: sizeKey(issue), params: { maximum: String(issue.maximum) } };
    case 'invalid_value':
      return { key: 'field_not_allowed', params: {} };
    case 'invalid_format':
      return { key: 'field_bad_format', params: {} };
    default:
      return { key: 'field_invalid', params: {} };
  }
}

export function zodRefusal(error: z.ZodError): PosErrorShape {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const { key, params } = issueText(issue);
  const message = `${field || 'arguments'}: ${issue?.message ?? 'invalid'}`;
  return posErrorShape(key, { field: field || 'arguments', ...params }, field, message);
}
