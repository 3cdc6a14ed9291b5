/**
 * A revoked till key: the gateway refuses it with its own code (2001, shared/error-codes.ts), which reaches
 * the cashier as an actionable key in the till's language, not the raw header text. The till judges by the
 * code alone: the merchant key's 2000 stays the merchant key's refusal whatever its words say.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatewayRefusal } from '../../electron/till/link/gateway-refusal.js';
import { API_ERRORS } from '../../shared/error-codes.js';
import { LANGUAGE_CODES } from '../../shared/i18n/languages.js';
import { repoRoot } from '../helpers/host.js';

const REVOKED = 'Authorization: this till key is revoked or unknown; register the till again';

describe('a refused till key', () => {
  it('maps to gateway_till_key_refused with the English that says what to do', () => {
    const refusal = gatewayRefusal(API_ERRORS.tillKey.code, REVOKED);
    expect(refusal.toShape()).toMatchObject({ key: 'gateway_till_key_refused', params: { message: REVOKED } });
    expect(refusal.message).toBe(
      "This till's key was refused by the shop server. Ask the owner to register this till again in Setup.",
    );
  });
  it('is told by its code, not by words', () => {
    expect(gatewayRefusal(API_ERRORS.tillKey.code, 'Unauthorized').toShape().key).toBe('gateway_till_key_refused');
    expect(gatewayRefusal(API_ERRORS.merchantKey.code, REVOKED).toShape().key).toBe('gateway_key_refused');
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
