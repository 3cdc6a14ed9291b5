/**
 * The till's refusals carry an `errors` key (shared/i18n/errors-en.ts): posError() fills the English
 * message from the catalogue, the dispatcher keys zod's argument failures, relayed /v1 refusals get the key
 * their code means, and no main-process file builds a PosError without a key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodRefusal } from '../../electron/bridge/zod-refusal.js';
import { gatewayErrorKey, gatewayRefusal } from '../../electron/till/link/gateway-refusal.js';
import { errorCodeOf, errorsEnglish } from '../../shared/i18n/errors-en.js';
import { posError } from '../../shared/pos-error.js';

const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('posError', () => {
  it('raises the code of the key with the English text filled, and carries the key and values', () => {
    const error = posError('order_not_found', { orderId: 'ord-42' }, 'orderId');
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('No order ord-42.');
    expect(error.toShape()).toEqual({
      code: 'not_found',
      message: 'No order ord-42.',
      field: 'orderId',
      key: 'order_not_found',
      params: { orderId: 'ord-42' },
    });
  });

  it('every English entry names only placeholders a call site can fill (words, no stray braces)', () => {
    for (const [key, text] of Object.entries(errorsEnglish)) {
      expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });
});

describe('the codes clients judge by are the ones raised before the keys', () => {
  it('keeps invalid_args for a refused configuration, pin_required, account_locked, approval_required', () => {
    expect(errorCodeOf('gateway_config_refused')).toBe('invalid_args');
    expect(errorCodeOf('money_seen_confirm_pin')).toBe('pin_required');
    expect(errorCodeOf('locked_still')).toBe('account_locked');
    expect(errorCodeOf('discount_needs_approval')).toBe('approval_required');
    expect(errorCodeOf('csv_unreadable')).toBe('invalid');
    expect(errorCodeOf('gateway_amount_too_low')).toBe('gateway_error');
  });
});

describe('no PosError without a key', () => {
  it('builds PosErrors only through posError() in electron/ and shared/', () => {
    const offenders = [...sources(join(ROOT, 'electron')), ...sources(join(ROOT, 'shared'))]
      .filter((file) => !file.endsWith(join('shared', 'pos-error.ts')))
      .filter((file) => /new PosError\(/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('answers refusals built by hand with a key (the dispatcher and the window guard)', () => {
    const handBuilt = [...sources(join(ROOT, 'electron'))].filter((file) =>
      /error: \{ code: '/.test(readFileSync(file, 'utf8')),
    );
    expect(handBuilt).toEqual([]);
  });
});

describe("zod's argument failures", () => {
  const schema = z
    .object({
      amount: z.number(),
      name: z.string().min(2).max(4),
      lines: z.array(z.string()).min(1),
      count: z.number().positive(),
      kind: z.enum(['in', 'out']),
    })
    .strict();
  const refusal = (args: unknown) => {
    const parsed = schema.safeParse(args);
    if (parsed.success) throw new Error('expected a refusal');
    return zodRefusal(parsed.error);
  };
  const good = { amount: 1, name: 'abc', lines: ['x'], count: 1, kind: 'in' };

  it('keeps zod’s English words as the message and names the field, the kind and the bound', () => {
    const shape = refusal({ ...good, amount: 'ten' });
    expect(shape).toMatchObject({ code: 'invalid_args', field: 'amount', key: 'field_not_a_number' });
    expect(shape.message).toMatch(/^amount: /);
    expect(shape.params).toEqual({ field: 'amount' });
    expect(refusal({ ...good, name: 'a' })).toMatchObject({ key: 'field_too_short', params: { minimum: '2' } });
    expect(refusal({ ...good, name: 'abcde' })).toMatchObject({ key: 'field_too_long', params: { maximum: '4' } });
    expect(refusal({ ...good, lines: [] })).toMatchObject({ key: 'field_too_few', params: { minimum: '1' } });
    expect(refusal({ ...good, count: 0 })).toMatchObject({ key: 'field_above', params: { minimum: '0' } });
    expect(refusal({ ...good, kind: 'sideways' })).toMatchObject({ key: 'field_not_allowed', field: 'kind' });
    const { amount: _amount, ...missing } = good;
    expect(refusal(missing)).toMatchObject({ key: 'field_required', field: 'amount' });
  });
});

describe('relayed /v1 refusals', () => {
  it('keep the gateway’s words as the message and get the key of their code', () => {
    const error = gatewayRefusal(10004, 'amount below the minimum 1 USDT');
    expect(error.toShape()).toMatchObject({
      code: 'gateway_error',
      message: 'amount below the minimum 1 USDT',
      key: 'gateway_amount_too_low',
      params: { message: 'amount below the minimum 1 USDT' },
    });
    expect(gatewayErrorKey(10062)).toBe('gateway_not_found');
    expect(gatewayErrorKey(10011)).toBe('gateway_bad_parameter');
    expect(gatewayErrorKey(424242)).toBe('gateway_error');
  });
});
