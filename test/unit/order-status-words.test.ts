/**
 * Recent orders showed the raw status code ("unpaid") on a Spanish till: every status has a word in the
 * one map (renderer/app/text-status.ts), translated in every catalogue, and never the code itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/i18n/languages.js';
import { RESULT_STATUSES } from '../../shared/status.js';
import { statusText } from '../../renderer/app/text-status.js';
import { formatMoney } from '../../shared/i18n/format.js';
import { repoRoot } from '../helpers/host.js';

const statuses = [...RESULT_STATUSES, 'queued'];

describe('order status words', () => {
  it('every status has an English word in the one map', () => {
    for (const s of statuses) expect(statusText).toHaveProperty(`orderStatus_${s}`);
  });
  for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${language}: every status word is translated, none is the raw code or the English`, () => {
      const file = join(repoRoot, 'shared/i18n/locales', language, 'till.json');
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      for (const s of statuses) {
        const word = catalogue[`orderStatus_${s}`];
        expect(word, `${language} ${s}`).toBeTruthy();
        expect(word).not.toBe(s);
        if (language !== 'de') expect(word).not.toBe((statusText as Record<string, string>)[`orderStatus_${s}`]);
      }
    });
  }
  it('the Whole shop view writes a fiat sum to its cents, as everywhere else', () => {
    expect(formatMoney('10', 'USD', 'es-ES')).toBe('10,00 USD');
  });
});
