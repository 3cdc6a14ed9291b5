/**
 * The renderer's one step from a refusal to on-screen text (renderer/api/error-text.ts): PosCallError's
 * `message` is the refusal in the till's language once its `errors` catalogue is loaded, the English
 * `message` in English and for refusals without a key; `shape.message` stays English.
 */
import { afterAll, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/errors.json' with { type: 'json' };
import ja from '../../shared/i18n/locales/ja/errors.json' with { type: 'json' };
import { errorText } from '../../renderer/api/error-text.js';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { addLoader, setLanguage, type Catalogue } from '../../renderer/i18n/i18n.js';

const LOADED: Record<string, Catalogue> = { de, ja };
addLoader('errors', async (language) => LOADED[language]);

const notFound = {
  code: 'not_found',
  message: 'No order ord-7.',
  field: 'orderId',
  key: 'order_not_found',
  params: { orderId: 'ord-7' },
};
const notANumber = {
  code: 'invalid_args',
  message: 'amount: Invalid input: expected number, received string',
  field: 'amount',
  key: 'field_not_a_number',
  params: { field: 'amount' },
};

describe('refusals on screen', () => {
  afterAll(() => setLanguage('en'));

  it('English shows the message as the main process sent it', async () => {
    await setLanguage('en');
    expect(new PosCallError(notANumber).message).toBe(notANumber.message);
  });

  it("German and Japanese show the catalogue's text, the field by its label, the values filled", async () => {
    await setLanguage('de');
    expect(new PosCallError(notFound).message).toBe('Keine Bestellung ord-7.');
    expect(errorText(notANumber)).toBe('Betrag: muss eine Zahl sein');
    const error = new PosCallError(notANumber);
    expect(error.shape.message).toBe(notANumber.message);
    await setLanguage('ja');
    expect(errorText(notANumber)).toBe('金額：数値で入力してください');
  });

  it('a refusal without a key, or with a key the catalogue lacks, shows its English message', async () => {
    await setLanguage('de');
    expect(errorText({ message: 'Plain old words' })).toBe('Plain old words');
    expect(errorText({ message: 'From a newer till', key: 'not_yet_translated', params: {} })).toBe(
      'From a newer till',
    );
  });
});
