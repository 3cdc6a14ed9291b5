/**
 * A revoked till key: the gateway's refusal (code 2000, "Authorization: a valid till key (this one is
 * revoked or unknown) is required ...") reaches the cashier as an actionable key in the till's language,
 * not the raw header text; a refused merchant key keeps its own key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatewayRefusal, refusalFromWords } from '../../electron/till/link/gateway-refusal.js';
import { API_ERRORS } from '../../shared/error-codes.js';
import { LANGUAGE_CODES } from '../../shared/i18n/languages.js';
import { repoRoot } from '../helpers/host.js';

const REVOKED =
  'Authorization: a valid till key (this one is revoked or unknown) is required (Authorization: Bearer <key>)';

describe('a refused till key', () => {
  it('maps to gateway_till_key_refused with the English that says what to do', () => {
    const refusal = gatewayRefusal(API_ERRORS.merchantKey.code, REVOKED);
    expect(refusal.toShape()).toMatchObject({ key: 'gateway_till_key_refused', params: { message: REVOKED } });
    expect(refusal.message).toBe(
      "This till's key was refused by the shop server. Ask the owner to register this till again in Setup.",
    );
  });
  it('a refused merchant key keeps its own key', () => {
    expect(
      gatewayRefusal(API_ERRORS.merchantKey.code, 'Authorization: a valid merchant key is required').toShape().key,
    ).toBe('gateway_key_refused');
  });
  for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${language}: translated, without the gateway's raw words`, () => {
      const file = join(repoRoot, 'shared/i18n/locales', language, 'errors.json');
      const text = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).gateway_till_key_refused;
      expect(text).toBeTruthy();
      expect(text).not.toContain('{message}');
    });
  }
});

describe('a create refused while the cashier waits (only the gateway words kept)', () => {
  it('a revoked till key still reads as what to do', () => {
    expect(refusalFromWords(REVOKED).toShape()).toMatchObject({ key: 'gateway_till_key_refused' });
  });
  it('any other refusal stays the gateway refusal with its words', () => {
    expect(refusalFromWords('quoteAmount: must be positive').toShape()).toMatchObject({
      key: 'gateway_error',
      params: { message: 'quoteAmount: must be positive' },
    });
  });
});
